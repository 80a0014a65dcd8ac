import { EditOutlined } from '@ant-design/icons';
import { App, Button, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteRepair } from '../../api/delete-repair';
import { useRepairs, type Repair, type RepairFilter } from '../../api/get-repairs';
import { useUpdateRepair } from '../../api/update-repair';
import { useDeviceLinks } from '@/lib/device-links';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { formatTime, orDash } from '../../lib/format';
import { ProcessDialog } from './process-dialog';
import { RepairDialog } from './repair-dialog';
import { RepairStateActions, RepairStateTag } from './repair-state';
import { TableEmpty } from '../../components/table-empty';
import { DeleteButton } from '@/components/delete-button';
import { serverPaging } from '../../components/pagination';

const PAGE = 'device/repair';

interface RepairTableProps {
  filter: Omit<RepairFilter, 'currentPage' | 'pageSize'>;
  page: number;
  onPage: (page: number) => void;
  pageSize?: number;
  /** Leave out the device column (the device info page shows one device). */
  hideDevice?: boolean;
  emptyText?: string;
}

/** Repair records with their state buttons (only the next state), edit and delete, each behind its key. */
export function RepairTable({ filter, page, onPage, pageSize = 20, hideDevice = false, emptyText }: RepairTableProps) {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const links = useDeviceLinks();
  const repairs = useRepairs({ ...filter, currentPage: page, pageSize });
  const update = useUpdateRepair();
  const remove = useDeleteRepair();
  const [editing, setEditing] = useState<Repair | null>(null);
  const [processing, setProcessing] = useState<Repair | null>(null);
  const canMove = can(`${PAGE}/edit`) && can(`${PAGE}/process`);

  const columns: ColumnsType<Repair> = [];
  if (!hideDevice) {
    columns.push({
      title: t('fleet.common.device'),
      key: 'device',
      render: (_, r) => (
        <div>
          {links.deviceInfo ? <Link to={links.deviceInfo(r.deviceId)}>{r.deviceCode}</Link> : r.deviceCode}
          <div>
            <Typography.Text type="secondary" className="cf-fleet-mono">
              {r.deviceSerialNumber}
            </Typography.Text>
          </div>
        </div>
      ),
    });
  }
  columns.push(
    { title: t('fleet.repair.type'), dataIndex: 'type', key: 'type' },
    { title: t('fleet.common.state'), dataIndex: 'state', key: 'state', render: (state: number) => <RepairStateTag state={state} /> },
    {
      title: t('fleet.repair.detail'),
      key: 'detail',
      width: 220,
      ellipsis: true,
      render: (_, r) => (
        <div className="cf-fleet-clip">
          {orDash(r.detail)}
          {r.operator ? (
            <div>
              <Typography.Text type="secondary">
                {t('fleet.repair.operator')}: {r.operator}
              </Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    { title: t('fleet.repair.date'), dataIndex: 'repairDate', key: 'date', render: formatTime },
    {
      title: t('fleet.repair.processor'),
      key: 'processor',
      render: (_, r) => (
        <div>
          {orDash(r.processor)}
          {r.processTime ? (
            <div>
              <Typography.Text type="secondary">{formatTime(r.processTime)}</Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    { title: t('fleet.repair.plan'), dataIndex: 'plan', key: 'plan', ellipsis: true, width: 160, render: orDash },
  );
  if (canMove || can(`${PAGE}/edit`) || can(`${PAGE}/delete`)) {
    columns.push({
      title: t('fleet.common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={4} wrap data-testid={`repair-actions-${r.id}`}>
          {canMove ? (
            <RepairStateActions
              state={r.state}
              busy={update.isPending && update.variables?.id === r.id}
              onStartProcessing={() => setProcessing(r)}
              onHandled={() =>
                update
                  .mutateAsync({ id: r.id, state: 2 })
                  .then(() => void message.success(t('fleet.repair.movedTo', { state: t('fleet.repair.states.handled') })))
              }
            />
          ) : null}
          {can(`${PAGE}/edit`) ? (
            <Tooltip title={t('fleet.common.edit')}>
              <Button
                size="small"
                color="primary"
                variant="link"
                icon={<EditOutlined />}
                aria-label={t('fleet.common.edit')}
                onClick={() => setEditing(r)}
              />
            </Tooltip>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <DeleteButton confirm={t('fleet.repair.deleteConfirm', { device: r.deviceCode })} onDelete={() => remove.mutateAsync({ id: r.id })} />
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <QueryState query={repairs}>
      <Table<Repair>
        rowKey="id"
        size={hideDevice ? 'small' : 'middle'}
        columns={columns}
        dataSource={repairs.data?.list ?? []}
        loading={repairs.isFetching && !repairs.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <TableEmpty text={emptyText ?? t('fleet.common.empty')} /> }}
        pagination={serverPaging(page, pageSize, repairs.data?.total ?? 0, onPage)}
      />
      {editing ? <RepairDialog repair={editing} onClose={() => setEditing(null)} /> : null}
      {processing ? <ProcessDialog repair={processing} onClose={() => setProcessing(null)} /> : null}
    </QueryState>
  );
}
