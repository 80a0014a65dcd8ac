import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { userKeys } from './keys';
import type { UserSearchParams } from './types';

/** Accounts of the caller's subtree by account or name text and by level; paged. */
export function searchUsers(params: UserSearchParams, signal?: AbortSignal) {
  return post('/api/user/selectUserList', params, { signal });
}

export function searchUsersQueryOptions(params: UserSearchParams) {
  return queryOptions({ queryKey: userKeys.search(params), queryFn: ({ signal }) => searchUsers(params, signal) });
}

export function useSearchUsers(params: UserSearchParams, enabled = true) {
  return useQuery({ ...searchUsersQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
