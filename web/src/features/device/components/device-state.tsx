/**
 * The list's cells. Ten thousand rows scroll through these, so they are plain elements styled in
 * device-list-page.css (antd's Progress, Tooltip and Typography ellipsis measure themselves on
 * every mount, which made each newly visible row cost several milliseconds).
 */
import { ApiOutlined, CodeOutlined, TabletOutlined, ThunderboltFilled } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Device } from '@/api/device/types';
import { textWidth } from '@/lib/text-width';
import { batteryColor, formatTime } from '../lib/device-display';
import { PasswordTag } from './password-robots';

/** The widest time the list shows (the digits of a font are about equally wide). */
const WIDEST_TIME = '2088-08-28 08:08:08';

/**
 * The state column's width in the reader's language: an offline robot's "Last seen <time>" whole on its line
 * (issue 30: at 180 px the time was cut), 8 px cell padding a side; never narrower than 180 px.
 */
export function stateColumnWidth(t: TFunction): number {
  return Math.max(180, Math.ceil(textWidth(t('device.state.lastSeen', { time: WIDEST_TIME })) + 2 * 8 + 4));
}

export function OnlineTags({ device }: { device: Device }) {
  const { t } = useTranslation();
  const tags = (
    <span className="cf-devices__tags">
      <span className={`cf-devices__tag ${device.online ? 'cf-devices__tag--online' : ''}`} data-testid="device-online">
        <span className={`cf-devices__dot ${device.online ? 'cf-devices__dot--on' : ''}`} />
        {device.online ? t('device.state.online') : t('device.state.offline')}
      </span>
      {device.online && device.charging ? (
        <span className="cf-devices__tag cf-devices__tag--charging">
          <ThunderboltFilled /> {t('device.state.charging')}
        </span>
      ) : null}
      <PasswordTag method={device.brokerAuth} />
    </span>
  );
  if (device.online || !device.heartbeatTime) return tags;
  // an offline robot says when it was last heard from (the heartbeat column is not shown by default)
  return (
    <span className="cf-devices__two-lines">
      {tags}
      <span className="cf-devices__muted cf-devices__ellipsis" data-testid="device-last-seen">
        {t('device.state.lastSeen', { time: formatTime(device.heartbeatTime) })}
      </span>
    </span>
  );
}

/** A thin bar with its percentage, like antd's small Progress. */
export function PercentBar({ percent, color }: { percent: number; color: string }) {
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <span className="cf-devices__bar">
      <span className="cf-devices__bar-rail">
        <span className="cf-devices__bar-fill" style={{ width: `${clamped}%`, background: color }} />
      </span>
      <span className="cf-devices__bar-text">{Number.isInteger(clamped) ? clamped : clamped.toFixed(1)}%</span>
    </span>
  );
}

export function BatteryBar({ battery }: { battery: number | null }) {
  if (battery === null) return <span className="cf-devices__muted">—</span>;
  return <PercentBar percent={battery} color={batteryColor(battery)} />;
}

export function TaskCell({ device }: { device: Device }) {
  const { t } = useTranslation();
  if (!device.job) return <span className="cf-devices__muted">{t('device.state.noTask')}</span>;
  // an offline robot's last report is not work in progress: its task reads as history, without a bar
  if (!device.online) {
    return (
      <span className="cf-devices__muted cf-devices__ellipsis" title={device.job} data-testid="device-last-task">
        {t('device.state.lastTask', { task: device.job })}
      </span>
    );
  }
  return (
    <span className="cf-devices__two-lines">
      <span className="cf-devices__ellipsis" title={device.job}>
        {device.job}
      </span>
      {device.progress !== null ? <PercentBar percent={device.progress} color="#1677ff" /> : null}
    </span>
  );
}

const VERSION_ICONS = { firmware: <ApiOutlined />, software: <CodeOutlined />, pad: <TabletOutlined /> } as const;

export function VersionTags({ device }: { device: Device }) {
  const { t } = useTranslation();
  const versions = [
    ['firmware', device.firmwareVersion],
    ['software', device.softVersion],
    ['pad', device.padVersion],
  ] as const;
  return (
    <span className="cf-devices__tags">
      {versions.map(([kind, version]) => {
        if (!version) return null;
        const label = `${t(`device.state.${kind}`)}: ${version}`;
        return (
          <span key={kind} className="cf-devices__tag cf-devices__tag--version" title={label} aria-label={label}>
            {VERSION_ICONS[kind]} {version}
          </span>
        );
      })}
    </span>
  );
}
