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
