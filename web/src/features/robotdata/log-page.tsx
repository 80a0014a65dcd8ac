/**
 * Device logs (page key device/log): a robot's pad, rosbag and navigation logs read from the robot, each
 * uploaded to the cloud on request (uploading with a progress bar, then synchronised or failed; a synchronised
 * one links to the "In the cloud" tab, where its copy downloads), and the uploaded copies: download, stop an
 * upload, delete (one, or all before a day). Buttons follow the keys
 * device/log/upload and device/log/delete.
 */
import { CloudDownloadOutlined, CloudUploadOutlined, DeleteOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Empty, Popconfirm, Progress, Segmented, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartOption } from '@/components/charts/echart';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import {
  downloadLog,
  useCancelUpload,
  useDeleteLogs,
  useDeleteLogsByDate,
  useDeleteOnRobot,
  useRobotLogs,
  useUploadedLogs,
  useUploadLog,
  type LogKind,
  type RobotLog,
  type UploadedLog,
} from './api/robotdata';
import { RobotSelect } from './components/robot-select';
import type { RobotDataMessages } from './locales/types';
import { formatBytes, formatTime } from '@/lib/format';
import { percentOf } from './lib/format';

const PAGE = 'device/log';
const PAGE_SIZE = 20;
const KINDS: LogKind[] = ['pad', 'rosbag', 'nav'];
const STATE_COLORS: Record<string, string> = { uploading: 'processing', synchronised: 'success', failed: 'error' };

function StateTag({ status }: { status: string | null }) {
  const { t } = useTranslation();
  const key = (status ?? 'none') as keyof RobotDataMessages['log']['states'];
  return (
    <Tag color={STATE_COLORS[key] ?? 'default'} data-testid={`log-state-${key}`}>
      {t(`robotdata.log.states.${key}`)}
    </Tag>
  );
}

/** A robot's logs; a synchronised one links to its copy under "In the cloud", where it downloads (issue 30). */
function RobotLogs({ deviceId, onShowCloud }: { deviceId: number; onShowCloud: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [kind, setKind] = useState<LogKind>('pad');
  const logs = useRobotLogs(deviceId, kind);
  const upload = useUploadLog();
  const remove = useDeleteOnRobot();
  const rows = useMemo(() => logs.data ?? [], [logs.data]);
  const chart: ChartOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 60, right: 16, top: 16, bottom: 30 },
      xAxis: { type: 'category', data: rows.map((r) => r.date).toReversed() },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatBytes(v) } },
      series: [{ type: 'bar', data: rows.map((r) => r.size).toReversed(), name: t(`robotdata.log.kinds.${kind}`) }],
    }),
    [rows, kind, t],
  );
  const columns: ColumnsType<RobotLog> = [
    { title: t('robotdata.log.name'), dataIndex: 'name', render: (name: string) => <span dir="ltr">{name}</span> },
    { title: t('robotdata.log.day'), dataIndex: 'date' },
    { title: t('robotdata.common.size'), dataIndex: 'size', render: (size: number) => formatBytes(size) },
    { title: t('robotdata.log.state'), key: 'state', render: (_, r) => <StateTag status={r.status} /> },
    {
      title: t('robotdata.common.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={4}>
          {r.status === 'synchronised' ? (
            <Button size="small" type="link" icon={<CloudDownloadOutlined />} onClick={onShowCloud} data-testid={`open-in-cloud-${r.name}`}>
              {t('robotdata.log.openInCloud', { tab: t('robotdata.log.uploaded') })}
            </Button>
          ) : null}
          {can(`${PAGE}/upload`) && r.status !== 'synchronised' && r.status !== 'uploading' ? (
            <Button
              size="small"
              type="link"
              icon={<CloudUploadOutlined />}
              loading={upload.isPending && upload.variables?.fileName === r.name}
              data-testid={`upload-log-${r.name}`}
              onClick={() =>
                upload
                  .mutateAsync({ deviceId, logType: kind, fileName: r.name })
                  .then(() => void message.success(t('robotdata.log.uploadStarted', { name: r.name })))
                  .catch(() => undefined)
              }
            >
              {r.status === 'failed' ? t('robotdata.log.uploadAgain') : t('robotdata.log.upload')}
            </Button>
          ) : null}
          {can(`${PAGE}/delete`) && kind !== 'pad' ? (
            <Popconfirm
              title={t('robotdata.log.deleteOnRobotConfirm', { name: r.name })}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove
                  .mutateAsync({ deviceId, logType: kind, fileNames: [r.name] })
                  .then((d) => void message.success(t('robotdata.common.deleted', { count: d.deleted })))
                  .catch(() => undefined)
              }
            >
              <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid={`delete-robot-log-${r.name}`}>
                {t('robotdata.log.deleteOnRobot')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<LogKind>
          value={kind}
          onChange={setKind}
          options={KINDS.map((k) => ({ value: k, label: <span data-testid={`log-kind-${k}`}>{t(`robotdata.log.kinds.${k}`)}</span> }))}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void logs.refetch()} loading={logs.isFetching}>
          {t('robotdata.common.refresh')}
        </Button>
      </Space>
      <QueryState query={logs}>
        {rows.length > 0 ? <EChart option={chart} height={180} label={t('robotdata.log.chartTitle')} testId="log-chart" /> : null}
        <Table<RobotLog>
          rowKey="name"
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('robotdata.log.emptyRobot')} /> }}
          data-testid="robot-logs"
        />
      </QueryState>
    </>
  );
}

function UploadedLogs({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [currentPage, setCurrentPage] = useState(1);
  const [before, setBefore] = useState<Dayjs | null>(null);
  const logs = useUploadedLogs({ deviceId, currentPage, pageSize: PAGE_SIZE });
  const cancel = useCancelUpload();
  const remove = useDeleteLogs();
  const removeBefore = useDeleteLogsByDate();
  const columns: ColumnsType<UploadedLog> = [
    { title: t('robotdata.log.name'), dataIndex: 'fileName', render: (name: string) => <span dir="ltr">{name}</span> },
    { title: t('robotdata.log.day'), dataIndex: 'logDate' },
    { title: t('robotdata.common.time'), dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
    {
      title: t('robotdata.log.state'),
      key: 'state',
      render: (_, r) =>
        r.status === 'uploading' ? (
          <div style={{ minWidth: 160 }} data-testid={`upload-progress-${r.fileName}`}>
            <StateTag status={r.status} />
            <Progress percent={percentOf(r.received, r.size)} status="active" size="small" />
            <Typography.Text type="secondary">{t('robotdata.log.received', { received: formatBytes(r.received) })}</Typography.Text>
          </div>
        ) : (
          <Space direction="vertical" size={0}>
            <StateTag status={r.status} />
            {r.status === 'failed' && r.reason ? <Typography.Text type="danger">{r.reason}</Typography.Text> : null}
          </Space>
        ),
    },
    { title: t('robotdata.common.size'), dataIndex: 'size', render: (size: number, r) => (r.status === 'synchronised' ? formatBytes(size) : '—') },
    {
      title: t('robotdata.common.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={4}>
          {r.status === 'synchronised' ? (
            <Button size="small" type="link" icon={<CloudDownloadOutlined />} data-testid={`download-log-${r.fileName}`}
              onClick={() => void downloadLog(r.id, r.fileName).catch(() => undefined)}>
              {t('robotdata.common.download')}
            </Button>
          ) : null}
          {r.status === 'uploading' && can(`${PAGE}/upload`) ? (
            <Popconfirm
              title={t('robotdata.log.cancelConfirm', { name: r.fileName })}
              onConfirm={() => cancel.mutateAsync({ id: r.id }).then(() => void message.success(t('robotdata.log.cancelled'))).catch(() => undefined)}
            >
              <Button size="small" type="link" icon={<StopOutlined />} data-testid={`cancel-upload-${r.fileName}`}>
                {t('robotdata.common.cancel')}
              </Button>
            </Popconfirm>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <Popconfirm
              title={t('robotdata.common.confirmDelete')}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove
                  .mutateAsync({ ids: [r.id] })
                  .then((d) => void message.success(t('robotdata.common.deleted', { count: d.deleted })))
                  .catch(() => undefined)
              }
            >
              <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid={`delete-log-${r.fileName}`}>
                {t('robotdata.common.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <>
      {can(`${PAGE}/delete`) ? (
        <Space wrap style={{ marginBottom: 12 }}>
          <span>{t('robotdata.log.deleteBefore')}</span>
          <DatePicker value={before} onChange={setBefore} data-testid="delete-before-day" />
          <Popconfirm
            title={t('robotdata.log.deleteBeforeConfirm', { day: before?.format('YYYY-MM-DD') ?? '' })}
            okButtonProps={{ danger: true }}
            disabled={!before}
            onConfirm={() =>
              removeBefore
                .mutateAsync({ deviceId, date: (before ?? dayjs()).format('YYYY-MM-DD') })
                .then((d) => void message.success(t('robotdata.common.deleted', { count: d.deleted })))
                .catch(() => undefined)
            }
          >
            <Button danger icon={<DeleteOutlined />} disabled={!before} data-testid="delete-before">
              {t('robotdata.common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ) : null}
      <QueryState query={logs}>
        <Table<UploadedLog>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={logs.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('robotdata.log.emptyUploaded')} /> }}
          data-testid="uploaded-logs"
          pagination={{ current: currentPage, pageSize: PAGE_SIZE, total: logs.data?.total ?? 0, showSizeChanger: false, onChange: setCurrentPage }}
        />
      </QueryState>
    </>
  );
}

export default function LogPage() {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [tab, setTab] = useState<'robot' | 'cloud'>('robot');
  const choose = (id: number | null) => {
    setDeviceId(id);
    setTab('robot');
  };
  return (
    <Card size="small" title={t('robotdata.log.title')} data-testid="log-page" extra={<RobotSelect value={deviceId} onChange={choose} />}>
      {deviceId === null ? (
        <Empty description={t('robotdata.log.chooseRobotHint')} />
      ) : (
        <Tabs
          key={deviceId}
          activeKey={tab}
          onChange={(key) => setTab(key as 'robot' | 'cloud')}
          items={[
            {
              key: 'robot',
              label: <span data-testid="tab-robot">{t('robotdata.log.onRobot')}</span>,
              children: <RobotLogs deviceId={deviceId} onShowCloud={() => setTab('cloud')} />,
            },
            { key: 'cloud', label: <span data-testid="tab-cloud">{t('robotdata.log.uploaded')}</span>, children: <UploadedLogs deviceId={deviceId} /> },
          ]}
        />
      )}
    </Card>
  );
}
