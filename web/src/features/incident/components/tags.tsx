import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IncidentState, Urgency } from '@/api/incident/incidents';
import { STATE_COLORS, URGENCY_COLORS } from '../lib/states';

/** An incident's state as a tag (its text says it; the colour only repeats it). */
export function StateTag({ state }: { state: IncidentState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} data-state={state}>
      {t(`incident.states.${state}`)}
    </Tag>
  );
}

export function UrgencyTag({ urgency }: { urgency: Urgency }) {
  const { t } = useTranslation();
  return (
    <Tag color={URGENCY_COLORS[urgency]} data-urgency={urgency}>
      {t(`incident.urgency.${urgency}`)}
    </Tag>
  );
}
