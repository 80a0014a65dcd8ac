import type { IncidentState, Urgency } from '@/api/incident/incidents';

export const STATES: readonly IncidentState[] = ['open', 'acknowledged', 'resolved', 'closed'];
export const URGENCIES: readonly Urgency[] = ['high', 'medium', 'low'];

/** A state's tag colour: open is the one to act on (red), acknowledged is being handled, the rest are done. */
export const STATE_COLORS: Record<IncidentState, string> = {
  open: 'error',
  acknowledged: 'processing',
  resolved: 'success',
  closed: 'default',
};

export const URGENCY_COLORS: Record<Urgency, string> = { high: 'volcano', medium: 'gold', low: 'default' };

/** Still to act on: acknowledge (open) or resolve (open or acknowledged). */
export const isActive = (state: IncidentState) => state === 'open' || state === 'acknowledged';
