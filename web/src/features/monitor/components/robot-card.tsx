import { ThunderboltFilled } from '@ant-design/icons';
import { Badge, Card, Progress, Tag, Tooltip } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { activityKey, type LiveRobotCard, type RobotState } from '../lib/live-cards';
import { useNow } from '@/lib/use-now';
import { timeAgo } from '../lib/time-ago';

const STATE_COLORS: Record<RobotState, string> = {
  working: 'processing',
  charging: 'gold',
  idle: 'green',
  offline: 'default',
};

function batteryColor(battery: number): string {
  if (battery <= 15) return '#d1495b';
  if (battery <= 40) return '#f0a202';
  return '#2f9e44';
}

function progressLabel(percent?: number) {
  return <span data-testid="robot-progress">{percent ?? 0}%</span>;
}

interface RobotCardProps {
  card: LiveRobotCard;
  /** Where a click goes (device details or remote control); null: not clickable. */
  href: string | null;
  onOpen(href: string): void;
}

/** How long ago: the only part of a card that changes every second, so the only part redrawn. */
function HeartbeatAge({ at }: { at: LiveRobotCard['heartbeatTime'] }) {
  const { t } = useTranslation();
  return <>{timeAgo(t, at, useNow())}</>;
}

/**
 * One robot: online dot, state, battery bar, task and progress, map, mode, last heartbeat. Drawn
 * again only when its own card changes (a live update keeps the other cards' objects).
 */
export const RobotCardView = memo(function RobotCardView({ card, href, onOpen }: RobotCardProps) {
  const { t, i18n } = useTranslation();
  const state = card.state as RobotState;
  const offline = !card.online;
  const activityName = activityKey(card);
  const activity = activityName && i18n.exists(`monitor.states.${activityName}`) ? t(`monitor.states.${activityName as 'paused'}`) : null;
  // an offline robot's last mode is not what it does now
  const mode = offline ? null : card.mode && i18n.exists(`monitor.modes.${card.mode}`) ? t(`monitor.modes.${card.mode as 'idle'}`) : card.mode;
  const battery = card.battery;
  const open = href ? () => onOpen(href) : undefined;
  return (
    <Card
      size="small"
      hoverable={href !== null}
      onClick={open}
      onKeyDown={open ? (event) => event.key === 'Enter' && open() : undefined}
      tabIndex={href ? 0 : undefined}
      role={href ? 'link' : undefined}
      className={`cf-robot-card cf-robot-card--${state}`}
      data-testid="robot-card"
      data-device-id={card.deviceId}
      title={
        <span className="cf-robot-card__title">
          <span data-testid="robot-online" data-online={String(card.online === 1)}>
            <Badge status={card.online ? 'success' : 'default'} />
          </span>
          <span className="cf-robot-card__name">{card.deviceName}</span>
        </span>
      }
      extra={
        <Tag color={STATE_COLORS[state] ?? 'default'} bordered={false}>
          {t(`monitor.states.${state}`)}
        </Tag>
      }
    >
      <div className="cf-robot-card__serial">
        <bdi>{card.deviceSerialNumber}</bdi> · {card.ownerName}
      </div>
      <dl className="cf-robot-card__facts">
        <dt>{t('monitor.robots.battery')}</dt>
        <dd className="cf-robot-card__battery">
          <Progress
            percent={battery ?? 0}
            size="small"
            showInfo={false}
            strokeColor={battery === null ? undefined : batteryColor(battery)}
            aria-label={t('monitor.robots.battery')}
          />
          <span data-testid="robot-battery">{battery === null ? '–' : `${battery}%`}</span>
          {card.charging && !offline && <ThunderboltFilled className="cf-robot-card__charging" aria-hidden />}
        </dd>
        <dt>{t('monitor.robots.task')}</dt>
        <dd>
          {offline ? (
            <span className="cf-robot-card__none" data-testid="robot-progress" data-offline="true">
              {card.taskName ? t('monitor.robots.lastTask', { task: card.taskName }) : t('monitor.robots.offlineNoWork')}
            </span>
          ) : card.taskName ? (
            <>
              <span className="cf-robot-card__task">{card.taskName}</span>
              <Progress
                percent={Math.round(card.progress ?? 0)}
                size="small"
                aria-label={t('monitor.robots.progress')}
                format={progressLabel}
              />
            </>
          ) : (
            <span className="cf-robot-card__none" data-testid="robot-progress">
              {t('monitor.robots.noTask')}
            </span>
          )}
        </dd>
        <dt>{t('monitor.robots.map')}</dt>
        <dd>{card.mapName || <span className="cf-robot-card__none">{t('monitor.robots.noMap')}</span>}</dd>
        <dt>{t('monitor.robots.mode')}</dt>
        <dd>
          {mode || '–'}
          {activity && <span className="cf-robot-card__activity"> · {activity}</span>}
        </dd>
      </dl>
      <div className="cf-robot-card__footer">
        <Tooltip title={card.heartbeatTime ? new Date(card.heartbeatTime).toLocaleString(i18n.language) : null}>
          <span data-testid="robot-heartbeat">
            {t(offline ? 'monitor.robots.lastSeen' : 'monitor.robots.heartbeat')}: <HeartbeatAge at={card.heartbeatTime} />
          </span>
        </Tooltip>
        {card.openAlarms > 0 && (
          <Tag color="red" bordered={false}>
            {t('monitor.robots.openAlarms', { count: card.openAlarms })}
          </Tag>
        )}
      </div>
    </Card>
  );
});
