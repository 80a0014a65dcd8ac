/**
 * "Acknowledge" on an alarm's pop-up (issue 34 item 4): when the alarm belongs to an open incident (asked by the
 * alarm's id, /incident/list `warnId`), one button acknowledges it where the person already is. Nothing shows
 * for an alarm without one, or once someone else was first (the list answers no open incident).
 */
import { CheckOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acknowledgeIncident, listIncidents } from '@/api/incident/incidents';
import { incidentKeys } from '@/api/incident/keys';

type Step = { at: 'asking' } | { at: 'open'; incidentId: number } | { at: 'busy'; incidentId: number } | { at: 'done' } | { at: 'none' };

export function IncidentAck({ warnId }: { warnId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ at: 'asking' });
  useEffect(() => {
    const asking = new AbortController();
    listIncidents({ warnId, state: ['open'], pageSize: 1, currentPage: 1 }, { quiet: true, signal: asking.signal })
      .then((page) => setStep(page.list[0] ? { at: 'open', incidentId: page.list[0].incidentId } : { at: 'none' }))
      .catch(() => setStep({ at: 'none' }));
    return () => asking.abort();
  }, [warnId]);
  if (step.at === 'done') return <span data-testid="popup-incident-acked">{t('layout.incidentAcked')}</span>;
  if (step.at !== 'open' && step.at !== 'busy') return null;
  const { incidentId } = step;
  const acknowledge = () => {
    setStep({ at: 'busy', incidentId });
    acknowledgeIncident(incidentId)
      .then(() => setStep({ at: 'done' }))
      // refused (someone was first: the client says who) or failed: the button goes, the list tells the rest
      .catch(() => setStep({ at: 'none' }))
      .finally(() => void client.invalidateQueries({ queryKey: incidentKeys.all }));
  };
  return (
    <Button size="small" type="primary" icon={<CheckOutlined />} loading={step.at === 'busy'} onClick={acknowledge} data-testid="popup-incident-ack">
      {t('layout.incidentAck')}
    </Button>
  );
}
