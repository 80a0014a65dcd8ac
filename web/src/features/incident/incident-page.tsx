import { Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type IncidentState } from '@/api/incident/incidents';
import { incidentKeys } from '@/api/incident/keys';
import { ResponsiveTabs } from '@/components/responsive-tabs';
import { linkedId, withoutParam } from '@/lib/link-id';
import { useLiveEvent } from '@/lib/live/connection';
import { FiguresPanel } from './components/figures-panel';
import { IncidentDetailDrawer } from './components/incident-detail';
import { NO_FILTER } from './components/incident-filters';
import { IncidentList } from './components/incident-list';
import { SettingsPanel } from './components/settings-panel';
import { STATES } from './lib/states';
import './incident.css';

/**
 * Incidents (incident/index, in the alarm centre; issue 34): alarms that need a person, acknowledged, escalated
 * until someone acts, and measured. The list (`?state=open` from the header's count) with each incident's detail
 * (`?incidentId=<id>`, a message's or an e-mail's link), the times to acknowledge and resolve, and the rules and
 * the duty of a branch.
 */
function withParam(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(name, value);
  return next;
}

const RELOAD_AGAIN_MS = 1_500;

export default function IncidentPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const openId = linkedId(params.get('incidentId'));
  const state = params.getAll('state').filter((s): s is IncidentState => (STATES as readonly string[]).includes(s));
  // a robot's alarm may open or join an incident: the shown list and counts follow, at once and once more a moment
  // later (a journey once saw the list miss a new incident the header's count, read 1.5 s after the event, had)
  const reload = () => {
    void client.invalidateQueries({ queryKey: incidentKeys.list() });
    void client.invalidateQueries({ queryKey: incidentKeys.details() });
  };
  const again = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (again.current) clearTimeout(again.current);
  }, []);
  useLiveEvent('alarms', () => {
    reload();
    again.current ??= setTimeout(() => {
      again.current = null;
      reload();
    }, RELOAD_AGAIN_MS);
  });
  useLiveEvent('resync', reload);
  return (
    <Card size="small" title={t('incident.page.title')} data-testid="incident-page">
      <ResponsiveTabs
        items={[
          {
            key: 'list',
            label: t('incident.page.tabs.list'),
            children: <IncidentList key={state.join()} initial={{ ...NO_FILTER, state }} onOpen={(id) => setParams((p) => withParam(p, 'incidentId', String(id)))} />,
          },
          { key: 'measured', label: t('incident.page.tabs.measured'), children: <FiguresPanel /> },
          { key: 'settings', label: t('incident.page.tabs.settings'), children: <SettingsPanel /> },
        ]}
      />
      {openId ? <IncidentDetailDrawer incidentId={openId} onClose={() => setParams(withoutParam(params, 'incidentId'))} /> : null}
    </Card>
  );
}
