import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { fleetKeys } from './keys';

export type FleetChartFilter = BodyOf<'/api/summary/chart'>;
export type FleetChart = DataOf<'/api/summary/chart'>;

/** Devices added per day over a date range (both ends inclusive) and the fleet's size each day. */
export function getFleetChart(filter: FleetChartFilter, signal?: AbortSignal) {
  return post('/api/summary/chart', filter, { signal });
}

export const fleetChartOptions = (filter: FleetChartFilter) =>
  queryOptions({
    queryKey: fleetKeys.summary('chart', filter),
    queryFn: () => getFleetChart(filter),
    placeholderData: keepPreviousData,
  });

export const useFleetChart = (filter: FleetChartFilter, enabled = true) =>
  useQuery({ ...fleetChartOptions(filter), enabled });
