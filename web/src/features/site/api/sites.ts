import { keepPreviousData, queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { siteKeys } from './keys';

export type SiteFilter = BodyOf<'/api/site/list'>;
export type Site = DataOf<'/api/site/list'>['list'][number];
export type SiteOption = DataOf<'/api/site/options'>[number];

/** The sites of the caller's branch (or of one customer's), by name; searched by name or address, paged. */
export const sitesOptions = (filter: SiteFilter) =>
  queryOptions({
    queryKey: siteKeys.list(filter),
    queryFn: ({ signal }) => post('/api/site/list', filter, { signal }),
    placeholderData: keepPreviousData,
  });

export const useSites = (filter: SiteFilter) => useQuery(sitesOptions(filter));

/** Every site the caller may choose (the plan against actual page's picker). */
export const useSiteOptions = () =>
  useQuery({ queryKey: siteKeys.options(), queryFn: ({ signal }) => post('/api/site/options', {}, { signal }), staleTime: 30_000 });

export type SiteDetail = DataOf<'/api/site/detail'>;
export type Building = SiteDetail['buildings'][number];
export type Floor = Building['floors'][number];
export type SiteRobot = SiteDetail['robots'][number];

/** One site with its buildings, floors (their maps and elevators) and the robots at it now. */
export const siteOptions = (siteId: number) =>
  queryOptions({ queryKey: siteKeys.detail(siteId), queryFn: ({ signal }) => post('/api/site/detail', { siteId }, { signal }) });

export const useSite = (siteId: number) => useQuery(siteOptions(siteId));

/** Every change to a site, its buildings, floors, robots or plan refreshes what is shown of sites. */
export function useSiteChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void client.invalidateQueries({ queryKey: siteKeys.all }),
  });
}

export const useInsertSite = () => useSiteChange((body: BodyOf<'/api/site/insert'>) => post('/api/site/insert', body));
export const useUpdateSite = () => useSiteChange((body: BodyOf<'/api/site/update'>) => post('/api/site/update', body));
export const useDeleteSite = () => useSiteChange((body: BodyOf<'/api/site/delete'>) => post('/api/site/delete', body));

export const useInsertBuilding = () => useSiteChange((body: BodyOf<'/api/site/building/insert'>) => post('/api/site/building/insert', body));
export const useUpdateBuilding = () => useSiteChange((body: BodyOf<'/api/site/building/update'>) => post('/api/site/building/update', body));
export const useDeleteBuilding = () => useSiteChange((body: BodyOf<'/api/site/building/delete'>) => post('/api/site/building/delete', body));

export const useInsertFloor = () => useSiteChange((body: BodyOf<'/api/site/floor/insert'>) => post('/api/site/floor/insert', body));
export const useUpdateFloor = () => useSiteChange((body: BodyOf<'/api/site/floor/update'>) => post('/api/site/floor/update', body));
export const useDeleteFloor = () => useSiteChange((body: BodyOf<'/api/site/floor/delete'>) => post('/api/site/floor/delete', body));
