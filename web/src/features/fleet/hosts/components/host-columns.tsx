import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Node } from '../../api/transfer-nodes';
import { orDash } from '../../lib/format';

/** A host's facts as table columns: name with remark, domain, region, support type and flag, ports. */
export function hostInfoColumns(t: TFunction, regionName: (region: number) => string): ColumnsType<Node> {
  return [
    {
      title: t('fleet.hosts.name'),
      dataIndex: 'name',
      key: 'name',
      render: (value: string, host) => (
        <div>
          <strong>{value}</strong>
          {host.remark ? (
            <div>
              <Typography.Text type="secondary">{host.remark}</Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    { title: t('fleet.hosts.domain'), dataIndex: 'domain', key: 'domain', render: (value: string) => <span className="cf-fleet-mono">{value}</span> },
    { title: t('fleet.hosts.region'), dataIndex: 'region', key: 'region', render: (region: number) => <Tag>{regionName(region)}</Tag> },
    {
      title: `${t('fleet.hosts.supportType')} · ${t('fleet.hosts.flag')}`,
      key: 'type',
      render: (_, host) =>
        host.supportType || host.flag ? (
          <Space size={4} wrap>
            {host.supportType ? <Tag color="cyan">{host.supportType}</Tag> : null}
            {host.flag ? <Tag>{host.flag}</Tag> : null}
          </Space>
        ) : (
          orDash(null)
        ),
    },
    {
      title: t('fleet.hosts.ports'),
      key: 'ports',
      render: (_, host) => {
        const ports = [
          [t('fleet.hosts.sshPort'), host.sshPort],
          [t('fleet.hosts.webPort'), host.webPort],
          [t('fleet.hosts.frpPort'), host.frpPort],
        ].filter(([, port]) => port !== null && port !== undefined);
        if (ports.length === 0) return orDash(null);
        return (
          <div className="cf-fleet-ports">
            {ports.map(([label, port]) => (
              <div key={String(label)}>
                <Typography.Text type="secondary">{label}</Typography.Text> <span className="cf-fleet-mono">{port}</span>
              </div>
            ))}
          </div>
        );
      },
    },
  
  ];
}
