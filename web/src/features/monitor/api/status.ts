import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@/api/types';
import { fleetStatusQuery } from './first-queries';

export type StatusFilter = BodyOf<'/api/monitor/status'>;
export type FleetStatus = DataOf<'/api/monitor/status'>;

export const STATUS_REFRESH_MS = 30_000;

/** Online/offline, working/charging/idle, today's cleaned area and the open alarms of the subtree. */
export function useFleetStatus(filter: StatusFilter) {
  return useQuery({ ...fleetStatusQuery(filter), placeholderData: keepPreviousData, refetchInterval: STATUS_REFRESH_MS });
}
