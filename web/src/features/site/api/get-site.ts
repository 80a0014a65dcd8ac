import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { siteKeys } from './keys';

export type SiteDetail = DataOf<'/api/site/detail'>;
export type Building = SiteDetail['buildings'][number];
export type Floor = Building['floors'][number];
export type SiteRobot = SiteDetail['robots'][number];

/** One site with its buildings, floors (their maps and elevators) and the robots at it now. */
export const siteOptions = (siteId: number) =>
  queryOptions({ queryKey: siteKeys.detail(siteId), queryFn: ({ signal }) => post('/api/site/detail', { siteId }, { signal }) });

export const useSite = (siteId: number) => useQuery(siteOptions(siteId));
