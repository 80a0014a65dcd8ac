import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
