import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { monitorKeys } from './keys';

export type StatusFilter = BodyOf<'/api/monitor/status'>;
export type FleetStatus = DataOf<'/api/monitor/status'>;

export const STATUS_REFRESH_MS = 30_000;

/** Online/offline, working/charging/idle, today's cleaned area and the open alarms of the subtree. */
export function useFleetStatus(filter: StatusFilter) {
  return useQuery({
    queryKey: monitorKeys.status(filter),
    queryFn: () => post('/api/monitor/status', filter),
    placeholderData: keepPreviousData,
    refetchInterval: STATUS_REFRESH_MS,
    staleTime: 5_000,
  });
}
