import { Card, Progress, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceDetail } from '@/api/device/devices';
import { useWorkInfo } from '../../api/work-info';
import { formatDay, formatTime, orDash } from '../../lib/format';

function workHours(seconds: number): string {
  return (seconds / 3600).toFixed(seconds < 36000 ? 1 : 0);
}

/** Live state (online, battery, charging, map, task, progress, last heard from) and the work counters. */
export function DeviceStatus({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const work = useWorkInfo(device.deviceId);
  const battery = device.battery;
  return (
    <Card size="small" title={t('fleet.info.status')} data-testid="device-status">
      <div className="cf-fleet-grid cf-fleet-grid--stats">
        <div>
          <Typography.Text type="secondary">{t('fleet.common.state')}</Typography.Text>
          <div>
            <Tag color={device.online ? 'success' : 'default'}>{device.online ? t('fleet.common.online') : t('fleet.common.offline')}</Tag>
            {device.online ? <Tag color={device.charging ? 'processing' : 'default'}>{device.charging ? t('fleet.info.charging') : t('fleet.info.notCharging')}</Tag> : null}
          </div>
        </div>
        <div>
          <Typography.Text type="secondary">{t('fleet.info.battery')}</Typography.Text>
          {battery === null ? (
            <div>{orDash(null)}</div>
          ) : (
            <Progress percent={battery} size="small" strokeColor={battery < 20 ? '#d1495b' : '#2f9e44'} aria-label={t('fleet.info.battery')} />
          )}
        </div>
        <div>
          <Typography.Text type="secondary">{t('fleet.info.map')}</Typography.Text>
          <div>{orDash(device.map)}</div>
        </div>
        <div>
          <Typography.Text type="secondary">{t('fleet.info.task')}</Typography.Text>
          {/* an offline robot's last task is history, not work in progress */}
          {device.online || !device.job ? <div>{orDash(device.job)}</div> : <Typography.Text type="secondary">{t('fleet.info.lastTask', { task: device.job })}</Typography.Text>}
          {device.online && device.progress !== null ? <Progress percent={Math.round(device.progress)} size="small" aria-label={t('fleet.info.progress')} /> : null}
        </div>
        <div>
          <Typography.Text type="secondary">{t('fleet.info.heartbeat')}</Typography.Text>
          <div>{formatTime(device.heartbeatTime)}</div>
        </div>
        <div>
          <Typography.Text type="secondary">{t('fleet.info.bootTime')}</Typography.Text>
          <div>{formatTime(device.bootTime)}</div>
        </div>
      </div>
      {work.data ? (
        <>
          <Typography.Title level={5} style={{ marginBlockStart: 16 }}>
            {work.data.workSince ? t('fleet.info.work', { date: formatDay(work.data.workSince) }) : t('fleet.info.workTotal')}
          </Typography.Title>
          <div className="cf-fleet-grid cf-fleet-grid--stats">
            <Statistic title={t('fleet.info.workTime')} value={t('fleet.info.hours', { value: workHours(work.data.workSeconds) })} />
            <Statistic title={t('fleet.info.workArea')} value={t('fleet.info.squareMetres', { value: Math.round(work.data.workArea).toLocaleString() })} />
            <Statistic title={t('fleet.info.taskCount')} value={work.data.taskCount} />
          </div>
        </>
      ) : null}
    </Card>
  );
}
