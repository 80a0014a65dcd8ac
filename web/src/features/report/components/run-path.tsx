import { Alert, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { relayBlob, relayCall, type RelayTarget, type RobotAnswer } from '@/api/relay';
import { useDevice } from '@/api/device/devices';
import { reportKeys } from '../api/keys';
import { fitFrame, toPixel, type Frame, type Pt } from '../lib/path-frame';

interface MapInfo extends RobotAnswer, Frame {
  version: number;
}

const SIZE = 420;

/** The run's recorded track, over the robot's map picture (through the relay) when the robot is online. */
export function RunPath({ deviceId, mapName, path }: { deviceId: number; mapName: string; path: Pt[] }) {
  const { t } = useTranslation();
  const robot = useDevice(deviceId);
  const port = robot.data?.frpPort ?? null;
  const online = Boolean(robot.data?.online) && port !== null && mapName !== '';
  const target: RelayTarget | null = online && port !== null ? { deviceId, port } : null;
  const info = useQuery({
    queryKey: reportKeys.mapInfo(deviceId, mapName),
    queryFn: () => relayCall<MapInfo>(target as RelayTarget, 'api2/map_info', { body: { map_name: mapName }, quiet: true }),
    enabled: target !== null,
    retry: false,
    staleTime: 60_000,
  });
  const picture = useQuery({
    queryKey: reportKeys.mapPicture(deviceId, mapName, info.data?.version),
    queryFn: async () => URL.createObjectURL(await relayBlob(target as RelayTarget, `api2/image/${encodeURIComponent(mapName)}.png?v=${info.data?.version ?? 0}`, { quiet: true })),
    enabled: target !== null && info.isSuccess,
    retry: false,
    staleTime: Infinity,
  });
  if (path.length === 0) return <Alert type="info" showIcon message={t('report.detail.noPath')} data-testid="run-path-empty" />;
  const frame = info.data && picture.data ? info.data : fitFrame(path, SIZE);
  const points = path.map((p) => toPixel(frame, p).join(',')).join(' ');
  const [sx, sy] = toPixel(frame, path[0] ?? [0, 0]);
  const [ex, ey] = toPixel(frame, path[path.length - 1] ?? [0, 0]);
  const dot = Math.max(frame.width, frame.height) / 80;
  return (
    <div>
      <svg
        viewBox={`0 0 ${frame.width} ${frame.height}`}
        style={{ width: '100%', maxHeight: SIZE, background: '#f5f5f5', border: '1px solid #eee' }}
        data-testid="run-path"
        aria-label={t('report.detail.path')}
      >
        {picture.data && info.data ? <image href={picture.data} width={frame.width} height={frame.height} /> : null}
        <polyline points={points} fill="none" stroke="#017465" strokeWidth={dot / 2} strokeLinejoin="round" data-testid="run-path-line" />
        <circle cx={sx} cy={sy} r={dot} fill="#2f9e44" />
        <circle cx={ex} cy={ey} r={dot} fill="#d1495b" />
      </svg>
      <Typography.Text type="secondary">{picture.data ? t('report.detail.overMap') : online ? '' : t('report.detail.noMap')}</Typography.Text>
    </div>
  );
}
