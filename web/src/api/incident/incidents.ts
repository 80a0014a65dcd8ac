/**
 * Incident calls read from more than one place (issue 34): the incidents page (features/incident), the header's
 * open-incident count and the alarm pop-up's "Acknowledge" (src/app). Their query keys share the prefix
 * `incident`, so an acknowledgement anywhere refreshes the list, the detail and the count.
 */
import { useQuery } from '@tanstack/react-query';
import { post, type CallOptions } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';

export type IncidentFilter = BodyOf<'/api/incident/list'>;
export type Incident = DataOf<'/api/incident/list'>['list'][number];
export type IncidentState = Incident['state'];
export type Urgency = Incident['urgency'];

export const incidentKeys = {
  all: ['incident'] as const,
  list: (...rest: unknown[]) => ['incident', 'list', ...rest] as const,
  detail: (incidentId: number) => ['incident', 'detail', incidentId] as const,
  count: () => ['incident', 'count'] as const,
  figures: (...rest: unknown[]) => ['incident', 'figures', ...rest] as const,
  chart: (...rest: unknown[]) => ['incident', 'chart', ...rest] as const,
  rules: (userId: number | null) => ['incident', 'rules', userId] as const,
  duty: (userId: number | null) => ['incident', 'duty', userId] as const,
};

/** One page of the branch's incidents (newest opened first), filtered; `warnId` finds the incident of an alarm. */
export function listIncidents(body: IncidentFilter, options?: CallOptions) {
  return post('/api/incident/list', body, options);
}

/** "I'm on it": acknowledges an open incident as the caller (refused naming incidentId when someone was first). */
export function acknowledgeIncident(incidentId: number, options?: CallOptions) {
  return post('/api/incident/acknowledge', { incidentId }, options);
}

/** How often the header asks the open-incident count when no live alarm event asks it sooner. */
export const COUNT_EVERY_MS = 60_000;

/** The subtree's active incidents (open: nobody acknowledged; acknowledged), quietly: a failure shows nothing. */
export function useIncidentCount(enabled: boolean) {
  return useQuery({
    queryKey: incidentKeys.count(),
    queryFn: ({ signal }) => post('/api/incident/count', {}, { signal, quiet: true }),
    enabled,
    refetchInterval: COUNT_EVERY_MS,
    staleTime: 5_000,
  });
}
