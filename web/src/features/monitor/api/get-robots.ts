import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { monitorKeys } from './keys';

export type RobotFilter = BodyOf<'/api/monitor/robots'>;
export type RobotPage = DataOf<'/api/monitor/robots'>;
export type RobotCard = RobotPage['list'][number];

/** A card per robot of the subtree (online first), paged; the page keeps them live from the socket. */
export function useRobotCards(filter: RobotFilter) {
  return useQuery({
    queryKey: monitorKeys.robots(filter),
    queryFn: () => post('/api/monitor/robots', filter),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
