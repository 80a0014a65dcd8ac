/**
 * The queries status monitoring asks first, without the hooks: started at sign-in (prefetch.ts, part of
 * the first load, where the query observers are not), and used by useRobotCards / useFleetStatus.
 */
import { queryOptions } from '@tanstack/react-query';
import { getFleetStatus } from '@/api/alarm/alarm-calls';
import { post } from '@/api/client';
import type { RobotFilter } from './robots';
import type { StatusFilter } from './status';
import { monitorKeys } from './keys';

/** The robot cards' query (also started at sign-in, prefetch.ts). */
export function robotCardsQuery(filter: RobotFilter) {
  return queryOptions({
    queryKey: monitorKeys.robots(filter),
    queryFn: () => post('/api/monitor/robots', filter),
    staleTime: 5_000,
  });
}

/** The fleet counts' query (also started at sign-in, prefetch.ts). */
export function fleetStatusQuery(filter: StatusFilter) {
  return queryOptions({
    queryKey: monitorKeys.status(filter),
    queryFn: () => getFleetStatus(filter),
    staleTime: 5_000,
  });
}
