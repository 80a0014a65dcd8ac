import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type OnlineSummaryFilter = BodyOf<'/api/summary/chartOnLineNum'>;
export type OnlineSummary = DataOf<'/api/summary/chartOnLineNum'>;

/**
 * Online and offline now, the online rate, by type, devices heard from in the last day/week/month,
 * and the devices online on each day of a range against the fleet's size (deviceType filters the days).
 */
export function getOnlineSummary(filter: OnlineSummaryFilter, signal?: AbortSignal) {
  return post('/api/summary/chartOnLineNum', filter, { signal });
}

export const onlineSummaryOptions = (filter: OnlineSummaryFilter) =>
  queryOptions({
    queryKey: deviceKeys.summary('online', filter),
    queryFn: () => getOnlineSummary(filter),
    placeholderData: keepPreviousData,
  });

export const useOnlineSummary = (filter: OnlineSummaryFilter) => useQuery(onlineSummaryOptions(filter));
