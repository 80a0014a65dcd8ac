import { keepPreviousData, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { warnKeys } from './keys';
import { messageKeys } from '@/api/message/keys';
import { resolveAlarms } from '@/api/alarm/alarm-calls';

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

/** Every change to alarms reloads the centre's list, summary and chart, and the live alarm page's list. */
function useAlarmChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: warnKeys.all });
      void client.invalidateQueries({ queryKey: warnKeys.monitor });
      void client.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}

export type ResolveBody = BodyOf<'/api/warn/resumeWarn'>;
export type DeleteBody = BodyOf<'/api/warn/deleteWarn'>;

export const useResolveAlarm = () => useAlarmChange((body: ResolveBody) => resolveAlarms(body));
export const useDeleteAlarms = () => useAlarmChange((body: DeleteBody) => post('/api/warn/deleteWarn', body));
