import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { warnKeys } from './keys';

export type AlarmFilter = BodyOf<'/api/warn/list'>;
export type Alarm = DataOf<'/api/warn/list'>['list'][number];

/** The branch's alarms with the centre's filters, newest first (paged). */
export function useAlarms(filter: AlarmFilter) {
  return useQuery({
    queryKey: warnKeys.list(filter),
    queryFn: ({ signal }) => post('/api/warn/list', filter, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** How many of the newest alarms a link to one alarm (a push notification's) is looked for in. */
export const LINKED_LOOKUP = 200;

/** The alarm a link names, among the caller's newest LINKED_LOOKUP of the last 30 days; null when not there. */
export function useLinkedAlarmLookup(warnId: number | null) {
  return useQuery({
    queryKey: warnKeys.list('linked', warnId),
    queryFn: async ({ signal }) => {
      const page = await post('/api/warn/list', { currentPage: 1, pageSize: LINKED_LOOKUP }, { signal });
      return page.list.find((alarm) => alarm.warnId === warnId) ?? null;
    },
    enabled: warnId !== null,
    staleTime: 0,
  });
}
