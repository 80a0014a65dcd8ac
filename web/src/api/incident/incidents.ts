/**
 * Incident calls read from more than one place (issue 34): the incidents page (features/incident), the header's
 * open-incident count and the alarm pop-up's "Acknowledge" (src/app). Their query keys share the prefix
 * `incident`, so an acknowledgement anywhere refreshes the list, the detail and the count.
 */
import { useQuery } from '@tanstack/react-query';
import { post, type CallOptions } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { incidentKeys } from './keys';

export type IncidentFilter = BodyOf<'/api/incident/list'>;
export type Incident = DataOf<'/api/incident/list'>['list'][number];
export type IncidentState = Incident['state'];
export type Urgency = Incident['urgency'];

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
