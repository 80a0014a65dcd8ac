import { Descriptions, Drawer, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { alarmText } from '@/lib/alarm-text';
import { formatTime } from '@/lib/format';
import { useIsPhone } from '@/lib/use-is-phone';
import { useIncidentDetail, type IncidentDetail, type TimelineItem } from '../api/incidents';
import { durationText } from '../lib/durations';
import { IncidentActions } from './incident-actions';
import { PolicyText } from './policy-text';
import { StateTag, UrgencyTag } from './tags';

const DRAWER_WIDTH = 760;
const SEND_COLORS = { pending: 'default', sent: 'success', failed: 'error', skipped: 'warning' } as const;
const DOT_COLORS: Record<TimelineItem['kind'], string> = {
  opened: 'red',
  alarm: 'orange',
  cleared: 'gray',
  sent: 'blue',
  acknowledged: 'green',
  note: 'purple',
  resolved: 'green',
  closed: 'gray',
};

/** One incident (`?incidentId=`): its facts, the buttons its state and the reader's keys allow, the policy and the timeline. */
export function IncidentDetailDrawer({ incidentId, onClose }: { incidentId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const detail = useIncidentDetail(incidentId);
  const data = detail.data;
  return (
    <Drawer
      open
      size={phone ? '100%' : DRAWER_WIDTH}
      title={t('incident.detail.title', { id: incidentId })}
      onClose={onClose}
      destroyOnHidden
      data-testid="incident-detail"
    >
      <QueryState query={detail}>{data ? <DetailBody detail={data} /> : null}</QueryState>
    </Drawer>
  );
}

/** The channel as the server names it in the reader's language (its registry); a channel no longer registered by its key. */
function channelName(item: TimelineItem): string {
  return item.channelName ?? item.channel ?? '—';
}

const secondary = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

function DetailBody({ detail }: { detail: IncidentDetail }) {
  const { t, i18n } = useTranslation();
  const { incident, policy, timeline } = detail;
  const who = (name: string | null, at: string | null, via?: 'console' | 'link' | null) =>
    at ? (
      <span>
        <bdi>{name ?? t('incident.timeline.someone')}</bdi> · <bdi>{formatTime(at)}</bdi>
        {via ? <> · {t(`incident.detail.acknowledgedVia.${via}`)}</> : null}
      </span>
    ) : (
      secondary(t('incident.detail.notYet'))
    );
  return (
    <div className="cf-incident-detail">
      <div className="cf-incident-head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          <bdi>{alarmText(t, { key: incident.code, code: incident.alarmCode, content: incident.code }, (key) => i18n.exists(key))}</bdi>
        </Typography.Title>
        <StateTag state={incident.state} />
        <UrgencyTag urgency={incident.urgency} />
      </div>
      <IncidentActions incident={incident} />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        style={{ marginTop: 12 }}
        items={[
          { key: 'robot', label: t('incident.columns.robot'), children: <bdi>{`${incident.deviceName || '—'} · ${incident.deviceSerialNumber}`}</bdi> },
          { key: 'branch', label: t('incident.columns.branch'), children: incident.ownerName },
          { key: 'site', label: t('incident.columns.site'), children: incident.siteName ?? '—' },
          { key: 'opened', label: t('incident.columns.opened'), children: <bdi>{formatTime(incident.openedAt)}</bdi> },
          { key: 'alarms', label: t('incident.columns.alarms'), children: incident.alarmCount },
          { key: 'cleared', label: t('incident.detail.cleared'), children: incident.clearedAt ? <bdi>{formatTime(incident.clearedAt)}</bdi> : secondary(t('incident.detail.notYet')) },
          { key: 'ack', label: t('incident.detail.acknowledgedBy'), children: who(incident.acknowledgedBy, incident.acknowledgedAt, incident.acknowledgedVia) },
          { key: 'ended', label: t('incident.detail.endedBy'), children: who(incident.endedBy, incident.endedAt) },
          { key: 'timeToAck', label: t('incident.detail.timeToAck'), children: <bdi>{durationText(incident.ackSeconds)}</bdi> },
          { key: 'timeToResolve', label: t('incident.detail.timeToResolve'), children: <bdi>{durationText(incident.resolveSeconds)}</bdi> },
          ...(incident.cause ? [{ key: 'cause', label: t('incident.detail.cause'), children: t(`incident.causes.${incident.cause}`) }] : []),
          ...(incident.note ? [{ key: 'note', label: t('incident.detail.note'), children: <bdi style={{ whiteSpace: 'pre-wrap' }}>{incident.note}</bdi> }] : []),
          { key: 'level', label: t('incident.detail.level'), children: incident.level < 0 ? secondary(t('incident.detail.noLevel')) : t('incident.timeline.level', { level: incident.level }) },
          ...(incident.nextStepAt ? [{ key: 'next', label: t('incident.detail.nextStep'), children: <bdi>{formatTime(incident.nextStepAt)}</bdi> }] : []),
        ]}
      />
      <Typography.Title level={5}>{t('incident.detail.policy')}</Typography.Title>
      <PolicyText policy={policy} />
      <Typography.Title level={5}>{t('incident.detail.timeline')}</Typography.Title>
      <Timeline
        data-testid="incident-timeline"
        items={timeline.map((item, index) => ({
          key: index,
          color: DOT_COLORS[item.kind],
          content: <TimelineEntry item={item} alarmCode={incident.code} />,
        }))}
      />
    </div>
  );
}

function TimelineEntry({ item, alarmCode }: { item: TimelineItem; alarmCode: string }) {
  const { t, i18n } = useTranslation();
  const user = item.userName ?? t('incident.timeline.someone');
  let text: string;
  switch (item.kind) {
    case 'sent': {
      const values = { user, channel: channelName(item), step: item.step ?? 0 };
      text = item.step ? t('incident.timeline.reminder', values) : t('incident.timeline.sent', values);
      break;
    }
    case 'acknowledged':
    case 'note':
    case 'resolved':
    case 'closed':
      text = t(`incident.timeline.${item.kind}`, { user });
      break;
    case 'alarm':
      text = `${t('incident.timeline.alarm')}: ${alarmText(t, { key: alarmCode }, (key) => i18n.exists(key))}`;
      break;
    default:
      text = t(`incident.timeline.${item.kind}`);
  }
  return (
    <div data-testid={`timeline-${item.kind}`} data-kind={item.kind}>
      <div>
        <bdi>{text}</bdi>
        {item.kind === 'sent' && item.level !== null && item.level !== undefined ? <Tag style={{ marginInlineStart: 8 }}>{t('incident.timeline.level', { level: item.level })}</Tag> : null}
        {item.state ? (
          <Tag color={SEND_COLORS[item.state]} data-send-state={item.state}>
            {t(`incident.timeline.sendStates.${item.state}`)}
          </Tag>
        ) : null}
      </div>
      {item.text ? (
        <Typography.Paragraph className="cf-incident-note" data-testid="timeline-note-text">
          <bdi>{item.text}</bdi>
        </Typography.Paragraph>
      ) : null}
      <Typography.Text type="secondary">
        <bdi>{formatTime(item.time)}</bdi>
      </Typography.Text>
      {item.error ? (
        <div>
          <Typography.Text type="danger">
            <bdi>{item.error}</bdi>
          </Typography.Text>
        </div>
      ) : null}
    </div>
  );
}
