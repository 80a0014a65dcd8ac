import { StopOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Tag, Typography } from 'antd';
import { ResponsiveTable } from '@/components/responsive-table';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHires, type Hire, type HireFilter } from '../../api/hires';
import { useStopHire } from '../../api/hires';
import { useDeviceLinks } from '@/lib/device-links';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { formatTime, orDash } from '../../lib/format';
import { TableEmpty } from '../../components/table-empty';
import { serverPaging } from '../../components/pagination';

const ACTIVE = 0;

interface HireTableProps {
  filter: Omit<HireFilter, 'currentPage' | 'pageSize'>;
  page: number;
  onPage: (page: number) => void;
  pageSize?: number;
  hideDevice?: boolean;
  emptyText?: string;
}

/** Leases with their state; an active lease can be ended (key device/hire/stop) after a confirmation. */
export function HireTable({ filter, page, onPage, pageSize = 20, hideDevice = false, emptyText }: HireTableProps) {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const links = useDeviceLinks();
  const hires = useHires({ ...filter, currentPage: page, pageSize });
  const stop = useStopHire();

  const columns: ColumnsType<Hire> = [];
  if (!hideDevice) {
    columns.push({
      title: t('fleet.common.device'),
      key: 'device',
      render: (_, h) => (
        <div>
          {links.deviceInfo ? <Link to={links.deviceInfo(h.deviceId)}>{h.deviceCode}</Link> : h.deviceCode}
          <div>
            <Typography.Text type="secondary" className="cf-fleet-mono">
              {h.deviceSerialNumber}
            </Typography.Text>
          </div>
        </div>
      ),
    });
  }
  columns.push(
    {
      title: t('fleet.hire.customer'),
      dataIndex: 'customerName',
      key: 'customer',
      render: (name: string, h) => (
        <div>
          {name}
          {h.remark ? (
            <div>
              <Typography.Text type="secondary">{h.remark}</Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: t('fleet.hire.contact'),
      key: 'contact',
      render: (_, h) => (h.contact || h.phone ? [h.contact, h.phone].filter(Boolean).join(' · ') : orDash('')),
    },
    { title: t('fleet.hire.lessee'), dataIndex: 'account', key: 'account', render: orDash },
    { title: t('fleet.hire.start'), dataIndex: 'startTime', key: 'start', render: formatTime },
    {
      title: t('fleet.hire.end'),
      key: 'end',
      render: (_, h) =>
        h.stopTime ? (
          <span>
            {formatTime(h.stopTime)} <Typography.Text type="secondary">({t('fleet.hire.states.ended')})</Typography.Text>
          </span>
        ) : h.endTime ? (
          <span>
            {formatTime(h.endTime)} <Typography.Text type="secondary">({t('fleet.hire.planned')})</Typography.Text>
          </span>
        ) : (
          orDash(null)
        ),
    },
    {
      title: t('fleet.common.state'),
      dataIndex: 'state',
      key: 'state',
      render: (state: number) => (
        <Tag color={state === ACTIVE ? 'processing' : 'default'} data-testid="hire-state">
          {state === ACTIVE ? t('fleet.hire.states.active') : t('fleet.hire.states.ended')}
        </Tag>
      ),
    },
  );
  if (can('device/hire/stop')) {
    columns.push({
      title: t('fleet.common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, h) =>
        h.state === ACTIVE ? (
          <Popconfirm
            title={t('fleet.hire.stopConfirm', { device: h.deviceCode, customer: h.customerName })}
            okButtonProps={{ danger: true }}
            okText={t('fleet.hire.stop')}
            cancelText={t('fleet.common.cancel')}
            onConfirm={() =>
              stop
                .mutateAsync({ id: h.id })
                .then(() => void message.success(t('fleet.hire.stoppedOk')))
                .catch(() => undefined)
            }
          >
            <Button size="small" danger icon={<StopOutlined />} loading={stop.isPending && stop.variables?.id === h.id} data-testid={`stop-hire-${h.id}`}>
              {t('fleet.hire.stop')}
            </Button>
          </Popconfirm>
        ) : null,
    });
  }

  return (
    <QueryState query={hires}>
      <ResponsiveTable<Hire>
        rowKey="id"
        size={hideDevice ? 'small' : 'middle'}
        columns={columns}
        dataSource={hires.data?.list ?? []}
        loading={hires.isFetching && !hires.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <TableEmpty text={emptyText ?? t('fleet.common.empty')} /> }}
        pagination={serverPaging(page, pageSize, hires.data?.total ?? 0, onPage)}
      />
    </QueryState>
  );
}
