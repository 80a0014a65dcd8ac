import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { userKeys } from './keys';
import type { ShadowListParams } from './types';

/** The caller's shadow users, optionally matching account or name text; paged. */
export function listShadows(params: ShadowListParams, signal?: AbortSignal) {
  return post('/api/user/shadow/list', params, { signal });
}

export function shadowsQueryOptions(params: ShadowListParams) {
  return queryOptions({ queryKey: userKeys.shadows(params), queryFn: ({ signal }) => listShadows(params, signal) });
}

export function useShadows(params: ShadowListParams) {
  return useQuery({ ...shadowsQueryOptions(params), placeholderData: keepPreviousData });
}
