import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@/api/types';
import { robotCardsQuery } from './first-queries';

export type RobotFilter = BodyOf<'/api/monitor/robots'>;
export type RobotPage = DataOf<'/api/monitor/robots'>;
export type RobotCard = RobotPage['list'][number];

/** A card per robot of the subtree (online first), paged; the page keeps them live from the socket. */
export function useRobotCards(filter: RobotFilter) {
  return useQuery({ ...robotCardsQuery(filter), placeholderData: keepPreviousData });
}
