import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { warnKeys } from './keys';

export type SummaryFilter = BodyOf<'/api/warn/warnSummary'>;
export type AlarmSummary = DataOf<'/api/warn/warnSummary'>;
export type ChartFilter = BodyOf<'/api/warn/chart'>;
export type ChartDay = DataOf<'/api/warn/chart'>[number];

/** Counts by state, device, alarm name and level over a range (default the last 30 days). */
export function useAlarmSummary(filter: SummaryFilter) {
  return useQuery({
    queryKey: warnKeys.summary(filter),
    queryFn: ({ signal }) => post('/api/warn/warnSummary', filter, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** Alarms per day of the last 7 days (days in the browser's time zone), by state. */
export function useAlarmChart(filter: ChartFilter) {
  return useQuery({
    queryKey: warnKeys.chart(filter),
    queryFn: ({ signal }) => post('/api/warn/chart', filter, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
