import { Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSensors } from '../api/robot-calls';
import { useIsPhone } from '@/lib/use-is-phone';
import { useRemote } from './remote-context';

/** sensor_info_web: ultrasonic ranges, cliff and bumper, IMU, odometer, lidar, depth camera, climate. */
export function SensorPanel({ columns = 2 }: { columns?: number }) {
  const phone = useIsPhone(); // one fact a line on a phone
  const { t } = useTranslation();
  const { robot } = useRemote();
  const sensors = useSensors(robot, true);
  const s = sensors.data;
  const health = (ok: number | undefined) =>
    ok === undefined ? '–' : <Tag color={ok ? 'success' : 'error'}>{ok ? t('remote.status.ok') : t('remote.status.fault')}</Tag>;
  const items = [
    { key: 'ultra', label: t('remote.sensors.ultrasonic'), children: <span className="cf-remote-mono">{s?.ultrasonic?.map((r) => r.toFixed(2)).join(' · ') ?? '–'}</span> },
    {
      key: 'cliff',
      label: t('remote.sensors.cliff'),
      // one tag when all are clear; else the numbers of those that fire (not one bare word per sensor)
      children: !s?.cliff ? (
        '–'
      ) : s.cliff.some(Boolean) ? (
        <Space size={4} wrap data-testid="robot-cliff">
          {s.cliff.map((hit, i) => (hit ? <Tag key={i} color="error">{t('remote.sensors.numberedHit', { number: i + 1 })}</Tag> : null))}
        </Space>
      ) : (
        <Tag data-testid="robot-cliff">{t('remote.sensors.allClear', { count: s.cliff.length })}</Tag>
      ),
    },
    { key: 'bumper', label: t('remote.sensors.bumper'), children: s ? <Tag color={s.bumper ? 'error' : 'default'}>{s.bumper ? t('remote.sensors.hit') : t('remote.sensors.clear')}</Tag> : '–' },
    { key: 'imu', label: t('remote.sensors.imu'), children: health(s?.imu?.ok) },
    { key: 'odom', label: t('remote.sensors.odometer'), children: <>{health(s?.odom?.ok)} <span className="cf-remote-mono">{s?.odom?.total_m !== undefined ? `${s.odom.total_m.toFixed(1)} m` : ''}</span></> },
    { key: 'lidar', label: t('remote.sensors.lidar'), children: health(s?.lidar) },
    { key: 'depth', label: t('remote.sensors.depthCamera'), children: health(s?.depth_camera) },
    { key: 'serial', label: t('remote.sensors.serial'), children: health(s?.serial) },
    { key: 'temp', label: t('remote.sensors.temperature'), children: <span className="cf-remote-mono">{s?.temperature !== undefined ? `${s.temperature.toFixed(1)} °C` : '–'}</span> },
    { key: 'hum', label: t('remote.sensors.humidity'), children: <span className="cf-remote-mono">{s?.humidity !== undefined ? `${s.humidity.toFixed(0)} %` : '–'}</span> },
  ];
  return <Descriptions size="small" bordered column={phone ? 1 : columns} layout={phone ? 'vertical' : 'horizontal'} items={items} data-testid="robot-sensors" />;
}
