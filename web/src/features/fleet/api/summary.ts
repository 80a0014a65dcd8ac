import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf, BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type ChartAll = DataOf<'/api/summary/chartAll'>;

/** Totals, by type, by owner (top 20) and by country, for the caller's subtree or one owner's. */
export function getChartAll(userId: number | undefined, signal?: AbortSignal) {
  return post('/api/summary/chartAll', { userId }, { signal });
}

export const chartAllOptions = (userId?: number) =>
  queryOptions({ queryKey: deviceKeys.summary('all', userId ?? null), queryFn: () => getChartAll(userId) });

export const useChartAll = (userId?: number) => useQuery(chartAllOptions(userId));

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

export type ProvinceCount = DataOf<'/api/device/selectDeviceCountByProvince'>[number];

/** Devices by country and province (filled from coordinates). */
export function getCountByProvince(userId: number | undefined, signal?: AbortSignal) {
  return post('/api/device/selectDeviceCountByProvince', { userId }, { signal });
}

export const countByProvinceOptions = (userId?: number) =>
  queryOptions({
    queryKey: deviceKeys.summary('province', userId ?? null),
    queryFn: () => getCountByProvince(userId),
  });

export const useCountByProvince = (userId?: number) => useQuery(countByProvinceOptions(userId));
