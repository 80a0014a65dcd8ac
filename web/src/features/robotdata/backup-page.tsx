/**
 * Data backups (page key device/dataBackup): a robot packs and uploads its data (packing, uploading with a
 * progress bar, finished, failed with re-upload or restart, cancelled); what a backup holds; a restore onto
 * a robot (its lost tasks come back); download; delete. Buttons follow device/dataBackup/backup, /restore
 * and /delete.
 */
import { CloudDownloadOutlined, CloudUploadOutlined, DeleteOutlined, EyeOutlined, RedoOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Modal, Popconfirm, Progress, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartOption } from '@/components/charts/echart';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import {
  downloadBackup,
  useBackupContents,
  useBackups,
  useCancelBackup,
  useDeleteBackups,
  useRestoreBackup,
  useRetryBackup,
  useStartBackup,
  type Backup,
} from './api/robotdata';
import { RobotSelect } from './components/robot-select';
import type { RobotDataMessages } from './locales/types';
import { formatBytes, formatTime } from '@/lib/format';
import { percentOf } from './lib/format';

const PAGE = 'device/dataBackup';
const PAGE_SIZE = 20;
const COLORS: Record<string, string> = { packing: 'processing', uploading: 'processing', finished: 'success', failed: 'error', cancelled: 'default' };
const RESTORE_COLORS: Record<string, string> = { restoring: 'processing', restored: 'success', failed: 'error' };
type BackupStatus = keyof RobotDataMessages['backup']['states'];
type RestoreStatus = keyof RobotDataMessages['backup']['restoreStates'];

function BackupState({ row }: { row: Backup }) {
  const { t } = useTranslation();
  const running = row.status === 'packing' || row.status === 'uploading';
  return (
    <Space direction="vertical" size={2} style={{ minWidth: 170 }} data-testid={`backup-state-${row.id}`}>
      <Tag color={COLORS[row.status]} data-testid={`backup-status-${row.status}`}>
        {t(`robotdata.backup.states.${row.status as BackupStatus}`)}
      </Tag>
      {running ? (
        <Progress
          size="small"
          status="active"
          percent={row.status === 'packing' ? 10 : 10 + Math.floor(percentOf(row.received, row.size) * 0.9)}
        />
      ) : null}
      {row.status === 'failed' && row.reason ? <Typography.Text type="danger">{row.reason}</Typography.Text> : null}
      {row.status === 'finished' && row.reason ? (
        <Typography.Text type="warning" data-testid={`backup-note-${row.id}`}>{row.reason}</Typography.Text>
      ) : null}
      {row.restoreStatus ? (
        <Tag color={RESTORE_COLORS[row.restoreStatus]} data-testid={`restore-status-${row.restoreStatus}`}>
          {t(`robotdata.backup.restoreStates.${row.restoreStatus as RestoreStatus}`)}
        </Tag>
      ) : null}
      {row.restoreStatus === 'restored' ? (
        <Typography.Text type="secondary">
          {row.restoreDetail ? t('robotdata.backup.restoredTasks', { tasks: row.restoreDetail }) : t('robotdata.backup.nothingRestored')}
        </Typography.Text>
      ) : null}
      {row.restoreStatus === 'failed' && row.restoreDetail ? <Typography.Text type="danger">{row.restoreDetail}</Typography.Text> : null}
    </Space>
  );
}

function ContentsDialog({ backup, onClose }: { backup: Backup; onClose: () => void }) {
  const { t } = useTranslation();
  const contents = useBackupContents(backup.id);
  return (
    <Modal open title={t('robotdata.backup.contentsTitle', { name: backup.fileName })} footer={null} onCancel={onClose} width={640}>
      <QueryState query={contents}>
        <Table
          rowKey="name"
          size="small"
          data-testid="backup-contents"
          dataSource={contents.data?.files ?? []}
          pagination={{ pageSize: 12, showSizeChanger: false }}
          columns={[
            { title: t('robotdata.log.name'), dataIndex: 'name', render: (name: string) => <span dir="ltr">{name}</span> },
            { title: t('robotdata.common.size'), dataIndex: 'size', render: (size: number) => formatBytes(size) },
          ]}
        />
      </QueryState>
    </Modal>
  );
}

function RestoreDialog({ backup, onClose }: { backup: Backup; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [target, setTarget] = useState<number | null>(backup.deviceId);
  const restore = useRestoreBackup();
  return (
    <Modal
      open
      title={t('robotdata.backup.restoreTitle', { name: backup.fileName })}
      okText={t('robotdata.backup.restore')}
      okButtonProps={{ disabled: target === null }}
      confirmLoading={restore.isPending}
      onCancel={onClose}
      onOk={() =>
        restore
          .mutateAsync({ id: backup.id, deviceId: target ?? undefined })
          .then(() => {
            void message.success(t('robotdata.backup.restoreStarted'));
            onClose();
          })
          .catch(() => undefined)
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>{t('robotdata.backup.restoreHint')}</Typography.Text>
        <span>{t('robotdata.backup.restoreOnto')}</span>
        <RobotSelect value={target} onChange={setTarget} testId="restore-target" />
      </Space>
    </Modal>
  );
}

export default function BackupPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [currentPage, setCurrentPage] = useState(1);
  const [viewing, setViewing] = useState<Backup | null>(null);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const backups = useBackups({ deviceId: deviceId ?? undefined, currentPage, pageSize: PAGE_SIZE });
  const start = useStartBackup();
  const cancel = useCancelBackup();
  const retry = useRetryBackup();
  const remove = useDeleteBackups();
  const rows = useMemo(() => backups.data?.list ?? [], [backups.data]);
  const finished = rows.filter((r) => r.status === 'finished');
  const chart: ChartOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 70, right: 16, top: 16, bottom: 30 },
      xAxis: { type: 'category', data: finished.map((r) => formatTime(r.createdAt).slice(5, 16)).toReversed() },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatBytes(v) } },
      series: [{ type: 'bar', name: t('robotdata.common.size'), data: finished.map((r) => r.size).toReversed() }],
    }),
    [finished, t],
  );
  const done = (text: string) => () => void message.success(text);

  const columns: ColumnsType<Backup> = [
    {
      title: t('robotdata.common.robot'),
      key: 'robot',
      render: (_, r) => (
        <div>
          <strong>{r.deviceName}</strong>
          <div><Typography.Text type="secondary" dir="ltr">{r.deviceSerialNumber}</Typography.Text></div>
        </div>
      ),
    },
    { title: t('robotdata.backup.file'), dataIndex: 'fileName', render: (name: string) => <span dir="ltr">{name || '—'}</span> },
    { title: t('robotdata.common.size'), dataIndex: 'size', render: (size: number, r) => (r.status === 'finished' ? formatBytes(size) : '—') },
    { title: t('robotdata.common.time'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    { title: t('robotdata.backup.state'), key: 'state', render: (_, r) => <BackupState row={r} /> },
    {
      title: t('robotdata.common.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={4} wrap>
          {r.status === 'finished' ? (
            <>
              <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setViewing(r)} data-testid={`backup-contents-${r.id}`}>
                {t('robotdata.backup.contents')}
              </Button>
              <Button size="small" type="link" icon={<CloudDownloadOutlined />} data-testid={`backup-download-${r.id}`}
                onClick={() => void downloadBackup(r.id, r.fileName || `backup-${r.id}.tar.gz`).catch(() => undefined)}>
                {t('robotdata.common.download')}
              </Button>
              {can(`${PAGE}/restore`) ? (
                <Button size="small" type="link" icon={<RollbackOutlined />} disabled={r.restoreStatus === 'restoring'}
                  onClick={() => setRestoring(r)} data-testid={`backup-restore-${r.id}`}>
                  {t('robotdata.backup.restore')}
                </Button>
              ) : null}
            </>
          ) : null}
          {(r.status === 'packing' || r.status === 'uploading') && can(`${PAGE}/backup`) ? (
            <Popconfirm title={t('robotdata.backup.cancelConfirm')} onConfirm={() => cancel.mutateAsync({ id: r.id }).then(done(t('robotdata.backup.cancelled'))).catch(() => undefined)}>
              <Button size="small" type="link" icon={<StopOutlined />} data-testid={`backup-cancel-${r.id}`}>
                {t('robotdata.common.cancel')}
              </Button>
            </Popconfirm>
          ) : null}
          {r.status === 'failed' && can(`${PAGE}/backup`) ? (
            <>
              <Button size="small" type="link" icon={<CloudUploadOutlined />} data-testid={`backup-reupload-${r.id}`}
                onClick={() => retry.mutateAsync({ id: r.id, restart: false }).then(done(t('robotdata.backup.retried'))).catch(() => undefined)}>
                {t('robotdata.backup.reupload')}
              </Button>
              <Button size="small" type="link" icon={<RedoOutlined />} data-testid={`backup-restart-${r.id}`}
                onClick={() => retry.mutateAsync({ id: r.id, restart: true }).then(done(t('robotdata.backup.retried'))).catch(() => undefined)}>
                {t('robotdata.backup.restart')}
              </Button>
            </>
          ) : null}
          {r.status !== 'packing' && r.status !== 'uploading' && can(`${PAGE}/delete`) ? (
            <Popconfirm title={t('robotdata.common.confirmDelete')} okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync({ ids: [r.id] }).then((d) => void message.success(t('robotdata.common.deleted', { count: d.deleted }))).catch(() => undefined)}>
              <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid={`backup-delete-${r.id}`}>
                {t('robotdata.common.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title={t('robotdata.backup.title')} data-testid="backup-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <RobotSelect value={deviceId} allowClear onChange={(id) => { setDeviceId(id); setCurrentPage(1); }} />
        {can(`${PAGE}/backup`) ? (
          <Button type="primary" icon={<CloudUploadOutlined />} disabled={deviceId === null} loading={start.isPending} data-testid="start-backup"
            onClick={() => start.mutateAsync({ deviceId: deviceId ?? 0 }).then(done(t('robotdata.backup.started'))).catch(() => undefined)}>
            {t('robotdata.backup.start')}
          </Button>
        ) : null}
      </Space>
      <QueryState query={backups}>
        {finished.length > 1 ? <EChart option={chart} height={160} label={t('robotdata.backup.chartTitle')} testId="backup-chart" /> : null}
        <Table<Backup>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          data-testid="backups"
          locale={{ emptyText: <Empty description={t('robotdata.backup.empty')} /> }}
          pagination={{ current: currentPage, pageSize: PAGE_SIZE, total: backups.data?.total ?? 0, showSizeChanger: false, onChange: setCurrentPage }}
        />
      </QueryState>
      {viewing ? <ContentsDialog backup={viewing} onClose={() => setViewing(null)} /> : null}
      {restoring ? <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} /> : null}
    </Card>
  );
}
