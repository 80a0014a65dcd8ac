import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSensors } from '../api/robot-calls';
import { useRemote } from './remote-context';

/** sensor_info_web: ultrasonic ranges, cliff and bumper, IMU, odometer, lidar, depth camera, climate. */
export function SensorPanel({ columns = 2 }: { columns?: number }) {
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
      children: s?.cliff ? s.cliff.map((c, i) => <Tag key={i} color={c ? 'error' : 'default'}>{c ? t('remote.sensors.hit') : t('remote.sensors.clear')}</Tag>) : '–',
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
  return <Descriptions size="small" bordered column={columns} items={items} data-testid="robot-sensors" />;
}
