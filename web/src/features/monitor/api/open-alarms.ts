import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listOpenAlarms } from '@/api/alarm/alarm-calls';
import type { BodyOf, DataOf } from '@/api/types';
import { monitorKeys } from './keys';

export type OpenAlarmFilter = BodyOf<'/api/warn/listUnProcess'>;
export type OpenAlarmPage = DataOf<'/api/warn/listUnProcess'>;
export type OpenAlarm = OpenAlarmPage['list'][number];

/** Unresolved alarms of the subtree, newest first (paged). */
export function useOpenAlarms(filter: OpenAlarmFilter) {
  return useQuery({
    queryKey: monitorKeys.openAlarms(filter),
    queryFn: () => listOpenAlarms(filter),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
