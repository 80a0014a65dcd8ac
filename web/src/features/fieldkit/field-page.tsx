import { App, Card, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { incidentKeys } from '@/api/incident/keys';
import { LoadFailed } from '@/components/query-state';
import { ResponsiveTabs } from '@/components/responsive-tabs';
import { actingUserId, useSessionStore } from '@/lib/session';
import { fieldKeys } from './api/keys';
import { useFieldSnapshot } from './api/snapshot';
import { IncidentCards } from './components/incident-cards';
import { PlanWindows } from './components/plan-windows';
import { QueuePanel } from './components/queue-panel';
import { RobotCards } from './components/robot-cards';
import { SnapshotStatus } from './components/snapshot-status';
import { loadQueue, onLanded } from './lib/queue';
import './field.css';

/** Each queued action the server answered: said once, and what the page shows is asked again. */
function useLandings(userId: number) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  useEffect(() => {
    void loadQueue(userId).catch(() => undefined);
    return onLanded((action) => {
      const what = t(`fieldkit.queue.kinds.${action.body.kind}`);
      if (action.state === 'sent') void message.success(t('fieldkit.queue.landed', { what }));
      else void message.error(t('fieldkit.queue.refusedToast', { what }));
      void client.invalidateQueries({ queryKey: fieldKeys.all });
      void client.invalidateQueries({ queryKey: incidentKeys.all });
    });
  }, [userId, t, message, client]);
}

/**
 * The field kit (site/field; issue 53 items 5-6), made for a phone in a basement: the person's sites with today's
 * windows, robots and open incidents, kept on the phone (IndexedDB) and shown with their age without signal;
 * acknowledging an incident, adding a note and marking a window cleaned by hand are queued on the phone and sent
 * when the connection returns, each with its state. Commands to robots are never queued (src/api/robot-commands.ts).
 */
export default function FieldPage() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const userId = user ? actingUserId(user) : 0;
  const snapshot = useFieldSnapshot(userId);
  useLandings(userId);
  const { shown } = snapshot;
  return (
    <Card size="small" title={t('fieldkit.page.title')} data-testid="field-page" className="cf-field">
      <Typography.Paragraph type="secondary">{t('fieldkit.page.hint')}</Typography.Paragraph>
      <QueuePanel userId={userId} />
      {shown ? (
        <>
          <SnapshotStatus snapshot={snapshot} />
          <ResponsiveTabs
            items={[
              { key: 'incidents', label: `${t('fieldkit.page.tabs.incidents')} (${shown.incidentCount})`, children: <IncidentCards incidents={shown.incidents} userId={userId} /> },
              { key: 'plan', label: t('fieldkit.page.tabs.plan'), children: <PlanWindows sites={shown.sites} userId={userId} /> },
              { key: 'robots', label: `${t('fieldkit.page.tabs.robots')} (${shown.robotCount})`, children: <RobotCards robots={shown.robots} /> },
            ]}
          />
        </>
      ) : (
        <NothingShown snapshot={snapshot} />
      )}
    </Card>
  );
}

function NothingShown({ snapshot }: { snapshot: ReturnType<typeof useFieldSnapshot> }) {
  const { t } = useTranslation();
  if (snapshot.failed && snapshot.online) return <LoadFailed title={t('fieldkit.snapshot.loadFailed')} onRetry={snapshot.refresh} />;
  if (!snapshot.online && snapshot.read) return <Typography.Paragraph data-testid="field-none">{t('fieldkit.snapshot.none')}</Typography.Paragraph>;
  return <Spin data-testid="field-loading" />;
}
