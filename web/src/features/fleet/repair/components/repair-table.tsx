import { EditOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip, Typography } from 'antd';
import { ResponsiveTable } from '@/components/responsive-table';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteRepair } from '../../api/repairs';
import { useRepairs, type Repair, type RepairFilter } from '../../api/repairs';
import { useUpdateRepair } from '../../api/repairs';
import { useDeviceLinks } from '@/lib/device-links';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { useFixedActions } from '@/lib/use-fixed-actions';
import { tableWidth } from '@/lib/table-width';
import { textWidth } from '@/lib/text-width';
import { DateTimeLines } from '@/components/date-time-lines';
import { formatTime, orDash } from '../../lib/format';
import { ProcessDialog } from './process-dialog';
import { RepairDialog } from './repair-dialog';
import { RepairStateActions, RepairStateTag } from './repair-state';
import { TableEmpty } from '../../components/table-empty';
import { DeleteButton } from '@/components/delete-button';
import { serverPaging } from '../../components/pagination';

const PAGE = 'device/repair';
/**
 * Column widths (issue 30): the records with their actions fit a 1440 px screen with the menu open (about
 * 1180 px for the table), so the pinned actions column covers no data; narrower, the table scrolls. Long
 * texts are cut (whole on hover), dates are date over time.
 */
const WIDTHS = { device: 140, type: 120, state: 100, detail: 190, date: 96, processor: 140, plan: 140 } as const;

/**
 * The actions column: the state button in the reader's language (the longer of its two labels, a small
 * button with an icon), then the edit and delete icons (24 px each, 4 px apart), 8 px cell padding a side.
 */
export function repairActionsWidth(stateLabels: readonly string[], withState: boolean): number {
  const stateButton = withState ? Math.max(...stateLabels.map((label) => textWidth(label))) + 14 + 8 + 2 * 7 + 2 + 4 : 0;
  return Math.ceil(16 + stateButton + 2 * 24 + 4 + 4);
}

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
  const fixedActions = useFixedActions();
  const actionsWidth = repairActionsWidth([t('fleet.repair.toProcessing'), t('fleet.repair.toHandled')], canMove);

  const columns: ColumnsType<Repair> = [];
  if (!hideDevice) {
    columns.push({
      title: t('fleet.common.device'),
      key: 'device',
      width: WIDTHS.device,
      ellipsis: true,
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
    { title: t('fleet.repair.type'), dataIndex: 'type', key: 'type', width: WIDTHS.type, ellipsis: true },
    { title: t('fleet.common.state'), dataIndex: 'state', key: 'state', width: WIDTHS.state, render: (state: number) => <RepairStateTag state={state} /> },
    {
      title: t('fleet.repair.detail'),
      key: 'detail',
      width: WIDTHS.detail,
      ellipsis: true,
      render: (_, r) => (
        <div className="cf-fleet-clip">
          <div title={r.detail || undefined}>{orDash(r.detail)}</div>
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
    { title: t('fleet.repair.date'), dataIndex: 'repairDate', key: 'date', width: WIDTHS.date, render: (date: string) => <DateTimeLines text={formatTime(date)} /> },
    {
      title: t('fleet.repair.processor'),
      key: 'processor',
      width: WIDTHS.processor,
      ellipsis: true,
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
    { title: t('fleet.repair.plan'), dataIndex: 'plan', key: 'plan', ellipsis: true, width: WIDTHS.plan, render: orDash },
  );
  if (canMove || can(`${PAGE}/edit`) || can(`${PAGE}/delete`)) {
    columns.push({
      title: t('fleet.common.actions'),
      key: 'actions',
      fixed: fixedActions,
      width: actionsWidth,
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
      <ResponsiveTable<Repair>
        rowKey="id"
        size={hideDevice ? 'small' : 'middle'}
        columns={columns}
        dataSource={repairs.data?.list ?? []}
        loading={repairs.isFetching && !repairs.isPending}
        tableLayout="fixed"
        scroll={{ x: tableWidth(columns) }}
        locale={{ emptyText: <TableEmpty text={emptyText ?? t('fleet.common.empty')} /> }}
        pagination={serverPaging(page, pageSize, repairs.data?.total ?? 0, onPage)}
      />
      {editing ? <RepairDialog repair={editing} onClose={() => setEditing(null)} /> : null}
      {processing ? <ProcessDialog repair={processing} onClose={() => setProcessing(null)} /> : null}
    </QueryState>
  );
}
