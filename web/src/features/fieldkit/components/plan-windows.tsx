import { ClearOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/use-can';
import { useNow } from '@/lib/use-now';
import type { FieldSite, FieldWindow } from '../api/field';
import { useFieldQueue } from '../lib/queue';
import { useQueueAction } from '../lib/use-queue-action';
import { NoteDialog } from './note-dialog';

const BY_HAND_KEY = 'site/index/by_hand';
const NOTE_MAX = 500;
/** The states a window cleaned by hand makes done (the server's rule: plans/byhand.py). */
const UNDONE = new Set(['missed', 'pending', 'short', 'failed']);
const STATE_COLORS = { done: 'green', late: 'gold', short: 'orange', missed: 'red', failed: 'volcano', pending: 'default' } as const;

function windowText(window: FieldWindow): string {
  const place = [window.buildingName, window.floorName].filter(Boolean).join(' / ');
  const what = [window.areaName, window.taskName].filter(Boolean).join(' · ');
  return [`${window.windowStart}–${window.windowEnd}`, place, what].filter(Boolean).join(' · ');
}

interface Marking {
  site: FieldSite;
  window: FieldWindow;
}

/** Today's windows of each site with their planned runs' states; "Cleaned by hand" for one the robots left undone. */
export function PlanWindows({ sites, userId }: { sites: FieldSite[]; userId: number }) {
  const { t } = useTranslation();
  const [marking, setMarking] = useState<Marking | null>(null);
  const queue = useQueueAction(userId);
  const shown = sites.filter((site) => site.windows.length > 0);
  if (shown.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fieldkit.plan.empty')} />;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="field-plan">
      {shown.map((site) => (
        <Card key={site.siteId} size="small" title={<bdi>{site.siteName}</bdi>} extra={t('fieldkit.plan.day', { day: site.day })} data-testid={`field-site-${site.siteId}`}>
          <List<FieldWindow> dataSource={site.windows} rowKey="planItemId" renderItem={(window) => <WindowRow window={window} onMark={() => setMarking({ site, window })} t={t} />} />
        </Card>
      ))}
      {marking ? (
        <NoteDialog
          title={t('fieldkit.byHand.title')}
          hint={t('fieldkit.byHand.hint', { window: windowText(marking.window), site: marking.site.siteName })}
          label={t('fieldkit.byHand.label')}
          okText={t('fieldkit.byHand.confirm')}
          required={false}
          max={NOTE_MAX}
          onSave={(note) =>
            queue({ kind: 'byHand', planItemId: marking.window.planItemId, day: marking.site.day, note }, `${marking.site.siteName} · ${windowText(marking.window)}`)
          }
          onClose={() => setMarking(null)}
          testId="field-by-hand-form"
        />
      ) : null}
    </Space>
  );
}

function WindowRow({ window, onMark, t }: { window: FieldWindow; onMark: () => void; t: TFunction }) {
  const can = useCan();
  const now = useNow(30_000);
  const actions = useFieldQueue((s) => s.actions);
  const queued = actions.some((a) => a.body.kind === 'byHand' && a.body.planItemId === window.planItemId && (a.state === 'waiting' || a.state === 'sending'));
  const marked = window.runs.find((run) => run.byHand)?.byHand ?? null;
  const opened = Date.parse(window.opensAt) <= now;
  const markable = can(BY_HAND_KEY) && !marked && !queued && window.runs.some((run) => UNDONE.has(run.state));
  return (
    <List.Item data-testid={`field-window-${window.planItemId}`}>
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        <Typography.Text strong>
          <bdi>{windowText(window)}</bdi>
        </Typography.Text>
        <Space wrap size={4}>
          {window.runs.map((run) => (
            <Tag key={run.slot} color={STATE_COLORS[run.state]} data-testid="window-state">
              {t(`site.states.${run.state}`)}
              {run.byHand ? ` · ${t('fieldkit.plan.byHand')}` : ''}
            </Tag>
          ))}
          {queued ? <Tag color="gold">{t('fieldkit.queue.pendingTag')}</Tag> : null}
        </Space>
        {marked ? <Typography.Text type="secondary">{t('fieldkit.plan.markedBy', { user: marked.markedBy ?? t('fieldkit.incidents.someone') })}</Typography.Text> : null}
        {markable && !opened ? <Typography.Text type="secondary">{t('fieldkit.plan.opensAt', { time: window.windowStart })}</Typography.Text> : null}
        {markable && opened ? (
          <Button size="large" icon={<ClearOutlined />} onClick={onMark} data-testid="field-by-hand">
            {t('fieldkit.plan.byHand')}
          </Button>
        ) : null}
      </Space>
    </List.Item>
  );
}
