import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { useSiteChange } from './sites';
import { siteKeys } from './keys';

export type RobotStay = DataOf<'/api/site/robot/history'>['list'][number];

/** Bring robots to a site (a robot at another site leaves it now), take them away. */
export const useAssignRobots = () => useSiteChange((body: BodyOf<'/api/site/robot/assign'>) => post('/api/site/robot/assign', body));
export const useUnassignRobots = () => useSiteChange((body: BodyOf<'/api/site/robot/unassign'>) => post('/api/site/robot/unassign', body));

/** The stays at a site, latest first (paged). */
export const useRobotHistory = (siteId: number, currentPage: number, pageSize: number) =>
  useQuery({
    queryKey: siteKeys.history(siteId, currentPage, pageSize),
    queryFn: ({ signal }) => post('/api/site/robot/history', { siteId, currentPage, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
