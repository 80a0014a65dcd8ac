import { ApiOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGenerateFrpPort } from '@/api/device/devices';
import type { Node } from '../../api/transfer-nodes';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { FrpPortResult, type GrantedPort } from './frp-port-result';
import { hostInfoColumns } from './host-columns';
import { HostDialog } from './host-dialog';
import { HOST_KEYS, regionsOf, useHostMutations, useHosts, useRegionName, type HostKind } from './host-kinds';
import { TableEmpty } from '../../components/table-empty';
import { DeleteButton } from '@/components/delete-button';
import { serverPaging } from '../../components/pagination';
import { actionsColumnWidth } from '@/lib/text-width';

const PAGE_SIZE = 20;

/** The nodes or servers of one kind: filters by name and region, add, edit, delete; FRP ports on nodes. */
export function HostTable({ kind }: { kind: HostKind }) {
  const { t } = useTranslation();
  const can = useCan();
  const regionName = useRegionName(kind);
  const key = HOST_KEYS[kind];
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<{ name?: string; region?: number; currentPage: number }>({ currentPage: 1 });
  const [editing, setEditing] = useState<Node | 'new' | null>(null);
  const [granted, setGranted] = useState<GrantedPort | null>(null);
  const hosts = useHosts(kind, { ...filter, pageSize: PAGE_SIZE });
  const { remove } = useHostMutations(kind);
  const generate = useGenerateFrpPort();

  const search = () => setFilter((f) => ({ ...f, name: name.trim() || undefined, currentPage: 1 }));

  const columns: ColumnsType<Node> = hostInfoColumns(t, regionName);
  const canGenerate = kind === 'node' && can(HOST_KEYS.node);
  if (canGenerate || can(`${key}/edit`) || can(`${key}/delete`)) {
    // each entry's label ('' for the icon-only delete), so the column holds them on one line
    const entries = [canGenerate && t('fleet.hosts.generatePort'), can(`${key}/edit`) && t('fleet.common.edit'), can(`${key}/delete`) && ''];
    const labels = entries.filter((entry): entry is string => entry !== false);
    columns.push({
      title: t('fleet.common.actions'),
      key: 'actions',
      fixed: 'end',
      width: actionsColumnWidth(labels, labels.length),
      render: (_, host) => (
        <Space size={4} wrap>
          {canGenerate ? (
            <Tooltip title={t('fleet.hosts.generateHint')}>
              <Button
                size="small"
                icon={<ApiOutlined />}
                loading={generate.isPending && generate.variables?.frpHost === host.domain}
                data-testid={`generate-port-${host.name}`}
                onClick={() =>
                  generate
                    .mutateAsync({ frpHost: host.domain })
                    .then((answer) => setGranted(answer))
                    .catch(() => undefined)
                }
              >
                {t('fleet.hosts.generatePort')}
              </Button>
            </Tooltip>
          ) : null}
          {can(`${key}/edit`) ? (
            <Button size="small" color="primary" variant="link" icon={<EditOutlined />} onClick={() => setEditing(host)}>
              {t('fleet.common.edit')}
            </Button>
          ) : null}
          {can(`${key}/delete`) ? (
            <DeleteButton confirm={t('fleet.hosts.deleteConfirm', { name: host.name })} onDelete={() => remove.mutateAsync({ id: host.id })} />
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <div className="cf-fleet">
      <div className="cf-fleet-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('fleet.hosts.filterName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={search}
          style={{ width: 220 }}
        />
        <Select<number>
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('fleet.hosts.allRegions')}
          value={filter.region}
          onChange={(region) => setFilter((f) => ({ ...f, region: region ?? undefined, currentPage: 1 }))}
          options={regionsOf(kind).map((r) => ({ value: r, label: regionName(r) }))}
          aria-label={t('fleet.hosts.region')}
        />
        <Button icon={<SearchOutlined />} onClick={search}>
          {t('fleet.common.search')}
        </Button>
        <div className="cf-fleet-toolbar__end">
          {can(`${key}/add`) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={`add-${kind}`}>
              {kind === 'node' ? t('fleet.hosts.addNode') : t('fleet.hosts.addServer')}
            </Button>
          ) : null}
        </div>
      </div>
      <QueryState query={hosts}>
        <Table<Node>
          rowKey="id"
          columns={columns}
          dataSource={hosts.data?.list ?? []}
          loading={hosts.isFetching && !hosts.isPending}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <TableEmpty text={t('fleet.common.empty')} /> }}
          pagination={serverPaging(filter.currentPage, PAGE_SIZE, hosts.data?.total ?? 0, (currentPage) => setFilter((f) => ({ ...f, currentPage })))}
        />
      </QueryState>
      {editing ? <HostDialog kind={kind} host={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {granted ? <FrpPortResult granted={granted} onClose={() => setGranted(null)} /> : null}
    </div>
  );
}
