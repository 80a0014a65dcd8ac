import { Descriptions, Progress, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { HardwareAnswer, PoseAnswer } from '../api/robot-answers';
import { activityText } from '../lib/robot-text';
import { useIsPhone } from '@/lib/use-is-phone';
import { useRemote } from './remote-context';

const fixed = (value: number | undefined, digits = 2) => (typeof value === 'number' ? value.toFixed(digits) : '–');

function uptime(seconds: number | undefined): string {
  if (typeof seconds !== 'number') return '–';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${h}h ${String(m).padStart(2, '0')}m`;
}

/** State, battery and charging, position and heading, and the robot's hardware state. */
function motorName(t: TFunction, side: string): string {
  if (side === 'left') return t('remote.status.motorLeft');
  if (side === 'right') return t('remote.status.motorRight');
  return side;
}

export function StatusPanel({ pose, hardware, columns = 2 }: { pose?: PoseAnswer; hardware?: HardwareAnswer; columns?: number }) {
  const phone = useIsPhone(); // one fact a line on a phone
  const { t } = useTranslation();
  const { record } = useRemote();
  const yes = (on: unknown) => (on ? t('remote.status.yes') : t('remote.status.no'));
  const battery = hardware?.battery?.percent ?? record.battery ?? null;
  const charging = hardware?.battery ? hardware.battery.charging === 1 : record.charging === 1;
  const onPile = hardware?.battery?.on_pile === 1;
  const items = [
    {
      key: 'state',
      label: t('remote.status.state'),
      children: (
        <span data-testid="robot-state" data-state={pose?.state ?? ''}>
          {/* a robot on its pile with a full battery says "charging"; the battery line says it is not */}
          <Tag color="processing">{pose?.state === 'charging' && !charging ? t('remote.status.onPile') : activityText(t, pose?.state)}</Tag>
        </span>
      ),
    },
    {
      key: 'battery',
      label: t('remote.status.battery'),
      children: (
        <div className="cf-remote-battery" data-testid="robot-battery">
          <Progress percent={battery === null ? 0 : Math.round(battery)} aria-label={t('remote.status.battery')} size="small" status={battery !== null && battery < 20 ? 'exception' : 'normal'} style={{ width: 120, margin: 0 }} />
          <Tag color={charging ? 'success' : 'default'}>{charging ? t('remote.status.charging') : onPile ? t('remote.status.onPile') : t('remote.status.notCharging')}</Tag>
        </div>
      ),
    },
    { key: 'map', label: t('remote.status.map'), children: pose?.map_name || '–' },
    {
      key: 'pose',
      label: t('remote.status.pose'),
      children: (
        <span className="cf-remote-mono" data-testid="robot-pose">
          x {fixed(pose?.x)} m · y {fixed(pose?.y)} m
        </span>
      ),
    },
    {
      key: 'heading',
      label: t('remote.status.heading'),
      children: <span className="cf-remote-mono">{typeof pose?.yaw === 'number' ? `${Math.round((pose.yaw * 180) / Math.PI)}°` : '–'}</span>,
    },
    { key: 'speed', label: t('remote.status.speed'), children: <span className="cf-remote-mono">{fixed(pose?.linear)} m/s · {fixed(pose?.angular)} rad/s</span> },
    { key: 'localized', label: t('remote.status.localized'), children: pose ? yes(pose.localized !== 0) : '–' },
    { key: 'locked', label: t('remote.status.locked'), children: hardware ? yes(hardware.locked) : '–' },
    { key: 'safe', label: t('remote.status.safe'), children: hardware ? yes(hardware.brake) : '–' },
    { key: 'hand', label: t('remote.status.handMode'), children: hardware ? yes(hardware.hand_mode) : '–' },
    {
      key: 'estop',
      label: t('remote.status.emergency'),
      children: hardware ? (
        <Typography.Text type={hardware.emergency_button ? 'danger' : undefined}>
          {hardware.emergency_button ? t('remote.status.pressed') : t('remote.status.released')}
        </Typography.Text>
      ) : (
        '–'
      ),
    },
    { key: 'voltage', label: t('remote.status.voltage'), children: <span className="cf-remote-mono">{fixed(hardware?.battery?.voltage)} V · {fixed(hardware?.battery?.current)} A</span> },
    { key: 'temperature', label: t('remote.status.temperature'), children: <span className="cf-remote-mono">{fixed(hardware?.battery?.temperature, 1)} °C</span> },
    { key: 'cpu', label: t('remote.status.cpu'), children: <span className="cf-remote-mono">{fixed(hardware?.cpu_temperature, 1)} °C</span> },
    {
      key: 'motors',
      label: t('remote.status.motors'),
      // each motor its own tag, named in the reader's language (an unknown one by the robot's word)
      children: hardware?.motors ? (
        <Space size={4} wrap data-testid="robot-motors">
          {Object.entries(hardware.motors).map(([side, motor]) => (
            <Tag key={side} color={motor.ok === 0 ? 'error' : 'default'}>
              {t('remote.status.motor', { side: motorName(t, side), current: fixed(motor.current, 1), temperature: fixed(motor.temperature, 0) })}
            </Tag>
          ))}
        </Space>
      ) : (
        '–'
      ),
    },
    {
      key: 'disk',
      label: t('remote.status.disk'),
      children: <span className="cf-remote-mono">{hardware?.disk ? `${fixed(hardware.disk.used_gb, 1)} / ${fixed(hardware.disk.total_gb, 0)} GB` : '–'}</span>,
    },
    { key: 'uptime', label: t('remote.status.uptime'), children: <span className="cf-remote-mono">{uptime(hardware?.uptime_s)}</span> },
  ];
  return <Descriptions size="small" bordered column={phone ? 1 : columns} layout={phone ? 'vertical' : 'horizontal'} items={items} data-testid="robot-status" />;
}
