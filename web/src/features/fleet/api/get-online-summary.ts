import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { fleetKeys } from './keys';

export type OnlineSummary = DataOf<'/api/summary/chartOnLineNum'>;

/** Online and offline now, the online rate, by type, and devices heard from in the last day/week/month. */
export function getOnlineSummary(userId: number | undefined, signal?: AbortSignal) {
  return post('/api/summary/chartOnLineNum', { userId }, { signal });
}

export const onlineSummaryOptions = (userId?: number) =>
  queryOptions({
    queryKey: fleetKeys.summary('online', userId ?? null),
    queryFn: () => getOnlineSummary(userId),
  });

export const useOnlineSummary = (userId?: number) => useQuery(onlineSummaryOptions(userId));
