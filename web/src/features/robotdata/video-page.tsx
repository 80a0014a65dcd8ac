/**
 * Video (page key device/videoHistory): a robot's live camera (MJPEG through the server, in a plain <img>)
 * with the time left and a warning 5 minutes before it stops; the clips the robot recorded, by days (at most
 * 7), played and deleted. Watching needs device/videoHistory/play, deleting device/videoHistory/delete.
 */
import { DeleteOutlined, PlayCircleOutlined, PoweroffOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, DatePicker, Empty, Modal, Popconfirm, Radio, Row, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { useNow } from '@/lib/use-now';
import { playRecord, startStream, stopStream, useDeleteClips, useRecords, type Clip, type Robot, type Stream } from './api/robotdata';
import { RobotSelect } from './components/robot-select';
import { formatBytes } from '@/lib/format';
import { RangeLimit } from '@/components/limited-range-picker';
import { outsideLimit, rangeLimit } from '@/lib/range-limits';

const PAGE = 'device/videoHistory';
const MAX_DAYS = rangeLimit('/qiniuQvs/recordList'); // the server's limit (core/ranges.py), shown beside the picker

function remainingText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function LiveVideo({ serial }: { serial: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const now = useNow(1_000);
  const [camera, setCamera] = useState<1 | 2>(1);
  const [stream, setStream] = useState<Stream | null>(null);
  const [busy, setBusy] = useState(false);
  const open = useRef(false);

  useEffect(() => {
    open.current = stream !== null;
  }, [stream]);
  useEffect(
    () => () => {
      if (open.current) void stopStream({ deviceSerialNumber: serial }).catch(() => undefined);
    },
    [serial],
  );
  const expiresAt = stream ? Date.parse(stream.expiresAt) : 0;
  const warnAt = stream ? Date.parse(stream.warnAt) : 0;
  const ended = stream !== null && now >= expiresAt;

  const start = () => {
    setBusy(true);
    startStream({ deviceSerialNumber: serial, camera })
      .then(setStream)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const stop = () => {
    setStream(null);
    void stopStream({ deviceSerialNumber: serial }).catch(() => undefined);
  };

  return (
    <Card size="small" title={t('robotdata.video.live')} data-testid="live-card">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('robotdata.video.camera')}</span>
        <Radio.Group value={camera} onChange={(e) => setCamera(e.target.value as 1 | 2)} disabled={stream !== null && !ended}>
          <Radio.Button value={1}>{t('robotdata.video.cameras.1')}</Radio.Button>
          <Radio.Button value={2}>{t('robotdata.video.cameras.2')}</Radio.Button>
        </Radio.Group>
        {stream === null || ended ? (
          <Button type="primary" icon={<VideoCameraOutlined />} loading={busy} disabled={!can(`${PAGE}/play`)} onClick={start} data-testid="start-live">
            {t('robotdata.video.start')}
          </Button>
        ) : (
          <Button danger icon={<PoweroffOutlined />} onClick={stop} data-testid="stop-live">
            {t('robotdata.video.stop')}
          </Button>
        )}
        {stream && !ended ? <Typography.Text data-testid="live-remaining">{t('robotdata.video.remaining', { time: remainingText(expiresAt - now) })}</Typography.Text> : null}
      </Space>
      {stream && !ended && now >= warnAt ? <Alert type="warning" showIcon message={t('robotdata.video.warning')} style={{ marginBottom: 8 }} data-testid="live-warning" /> : null}
      {ended ? <Alert type="info" showIcon message={t('robotdata.video.ended')} style={{ marginBottom: 8 }} data-testid="live-ended" /> : null}
      {stream && !ended ? (
        <img src={stream.url} alt={t('robotdata.video.live')} data-testid="live-video" style={{ width: '100%', maxWidth: 640, background: '#000' }} />
      ) : null}
    </Card>
  );
}

function Records({ serial }: { serial: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(2, 'day'), dayjs()]);
  const [playing, setPlaying] = useState<{ name: string; url: string } | null>(null);
  const records = useRecords(serial, range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD'));
  const remove = useDeleteClips();
  const play = (clip: Clip) =>
    void playRecord({ deviceSerialNumber: serial, name: clip.name })
      .then((s) => setPlaying({ name: clip.name, url: s.url }))
      .catch(() => undefined);
  const columns: ColumnsType<Clip> = [
    { title: t('robotdata.video.recordedAt'), dataIndex: 'start', render: (v: string) => v.replace('T', ' ') },
    { title: t('robotdata.video.camera'), dataIndex: 'camera', render: (c: number) => t(`robotdata.video.cameras.${c === 2 ? '2' : '1'}`) },
    { title: t('robotdata.video.seconds'), dataIndex: 'seconds', render: (s: number) => t('robotdata.video.secondsValue', { seconds: s }) },
    { title: t('robotdata.common.size'), dataIndex: 'size', render: (s: number) => formatBytes(s) },
    {
      title: t('robotdata.common.actions'),
      key: 'actions',
      render: (_, clip) => (
        <Space size={4}>
          {can(`${PAGE}/play`) ? (
            <Button size="small" type="link" icon={<PlayCircleOutlined />} onClick={() => play(clip)} data-testid={`play-${clip.name}`}>
              {t('robotdata.video.play')}
            </Button>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <Popconfirm
              title={t('robotdata.common.confirmDelete')}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove
                  .mutateAsync({ fileJsonArr: [{ deviceSerialNumber: serial, name: clip.name }] })
                  .then((d) => void message.success(t('robotdata.common.deleted', { count: d.deleted })))
                  .catch(() => undefined)
              }
            >
              <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid={`delete-${clip.name}`}>
                {t('robotdata.common.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <Card size="small" title={t('robotdata.video.records')} data-testid="records-card">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('robotdata.video.range')}</span>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(next) => {
            const [from, to] = next ?? [];
            if (!from || !to) return;
            if (to.diff(from, 'day') >= MAX_DAYS) {
              void message.warning(t('robotdata.video.rangeTooLong'));
              return;
            }
            setRange([from, to]);
          }}
          disabledDate={(day, info) => outsideLimit(day, MAX_DAYS, info?.from)}
        />
        <RangeLimit list="/qiniuQvs/recordList" />
      </Space>
      <QueryState query={records}>
        <Table<Clip>
          rowKey="name"
          size="small"
          columns={columns}
          dataSource={records.data ?? []}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          data-testid="records"
          locale={{ emptyText: <Empty description={t('robotdata.video.emptyRecords')} /> }}
        />
      </QueryState>
      {playing ? (
        <Modal open title={t('robotdata.video.playing', { name: playing.name })} footer={null} onCancel={() => setPlaying(null)} width={700} destroyOnHidden>
          <img src={playing.url} alt={playing.name} data-testid="clip-video" style={{ width: '100%', background: '#000' }} />
        </Modal>
      ) : null}
    </Card>
  );
}

export default function VideoPage() {
  const { t } = useTranslation();
  const [robot, setRobot] = useState<Robot | null>(null);
  return (
    <Card
      size="small"
      title={t('robotdata.video.title')}
      data-testid="video-page"
      extra={<RobotSelect value={robot?.deviceId ?? null} onChange={(_, picked) => setRobot(picked ?? null)} />}
    >
      {robot === null ? (
        <Empty description={t('robotdata.video.chooseRobotHint')} />
      ) : (
        <Row gutter={[12, 12]} key={robot.deviceId}>
          <Col xs={24} xl={12}>
            <LiveVideo serial={robot.deviceSerialNumber} />
          </Col>
          <Col xs={24} xl={12}>
            <Records serial={robot.deviceSerialNumber} />
          </Col>
        </Row>
      )}
    </Card>
  );
}
