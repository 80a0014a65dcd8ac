import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { post } from '@/api/client';
import { acknowledgeIncident, listIncidents, type IncidentFilter } from '@/api/incident/incidents';
import { incidentKeys } from '@/api/incident/keys';
import type { BodyOf, DataOf } from '@/api/types';

export type IncidentDetail = DataOf<'/api/incident/detail'>;
export type TimelineItem = IncidentDetail['timeline'][number];
export type Cause = NonNullable<BodyOf<'/api/incident/resolve'>['cause']>;

/** The incidents of the filter, a page at a time (the previous page stays while the next loads). */
export const useIncidents = (filter: IncidentFilter) =>
  useQuery({
    queryKey: incidentKeys.list(filter),
    queryFn: ({ signal }) => listIncidents(filter, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** While an incident is active, its detail is asked again this often: the escalation's notices join the timeline. */
const ACTIVE_DETAIL_EVERY_MS = 10_000;

/** One incident with its policy and timeline (oldest first). */
export function useIncidentDetail(incidentId: number) {
  const { i18n } = useTranslation(); // the timeline names its channels in the reader's language
  return useQuery({
    queryKey: incidentKeys.detail(incidentId, i18n.language),
    queryFn: ({ signal }) => post('/api/incident/detail', { incidentId }, { signal }),
    staleTime: 5_000,
    refetchInterval: (query) => {
      const state = query.state.data?.incident.state;
      return state === 'open' || state === 'acknowledged' ? ACTIVE_DETAIL_EVERY_MS : false;
    },
  });
}

/** Every change to an incident refreshes the list, its detail, the header's count and the figures. */
function useIncidentChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => void client.invalidateQueries({ queryKey: incidentKeys.all }),
  });
}

export const useAcknowledge = () => useIncidentChange((incidentId: number) => acknowledgeIncident(incidentId));
export const useResolve = () => useIncidentChange((body: BodyOf<'/api/incident/resolve'>) => post('/api/incident/resolve', body));
export const useCloseAsNoise = () => useIncidentChange((body: BodyOf<'/api/incident/close'>) => post('/api/incident/close', body));
export const useAddNote = () => useIncidentChange((body: BodyOf<'/api/incident/note'>) => post('/api/incident/note', body));
