import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { siteKeys } from './keys';

export type Period = 'day' | 'week' | 'month';
export type ActualSummary = DataOf<'/api/site/actual/summary'>;
export type StateCounts = ActualSummary['total'];
export type SiteActual = ActualSummary['sites'][number];
export type ActualDetail = DataOf<'/api/site/actual/detail'>;
export type ItemActual = ActualDetail['items'][number];
export type PlannedRun = ItemActual['runs'][number];
export type RunState = PlannedRun['state'];
export type Reason = PlannedRun['reasons'][number];

/** Every site of the branch: its day, week or month (each on its own clock) by state. */
export const useActualSummary = (period: Period, day: string | null, enabled: boolean) =>
  useQuery({
    queryKey: siteKeys.actual('summary', period, day),
    queryFn: ({ signal }) => post('/api/site/actual/summary', { period, day }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** One site's day, week or month: each plan item's planned runs, their runs, states and reasons. */
export const useActualDetail = (siteId: number | null, period: Period, day: string | null) =>
  useQuery({
    queryKey: siteKeys.actual('detail', siteId, period, day),
    queryFn: ({ signal }) => post('/api/site/actual/detail', { siteId: siteId ?? 0, period, day }, { signal }),
    placeholderData: keepPreviousData,
    enabled: siteId !== null,
  });
