import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type ChartAll = DataOf<'/api/summary/chartAll'>;

/** Totals, by type, by owner (top 20) and by country, for the caller's subtree or one owner's. */
export function getChartAll(userId: number | undefined, signal?: AbortSignal) {
  return post('/api/summary/chartAll', { userId }, { signal });
}

export const chartAllOptions = (userId?: number) =>
  queryOptions({ queryKey: deviceKeys.summary('all', userId ?? null), queryFn: () => getChartAll(userId) });

export const useChartAll = (userId?: number) => useQuery(chartAllOptions(userId));
