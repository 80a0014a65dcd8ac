import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { userKeys } from './keys';

/** The role groups a user (default the caller) can have: those of itself and its ancestors. */
export function listGroups(userId: number | null, signal?: AbortSignal) {
  return post('/api/user/role/group/list', userId === null ? {} : { userId }, { signal });
}

export function groupsQueryOptions(userId: number | null) {
  return queryOptions({ queryKey: userKeys.groups(userId), queryFn: ({ signal }) => listGroups(userId, signal) });
}

export function useGroups(userId: number | null, enabled = true) {
  return useQuery({ ...groupsQueryOptions(userId), enabled });
}

/** The role groups visible to several users at once, as one list. */
export function useGroupsOf(userIds: readonly number[], enabled = true) {
  return useQueries({ queries: userIds.map((id) => ({ ...groupsQueryOptions(id), enabled })), combine: flatten });
}

function flatten<T>(results: readonly { data?: readonly T[] }[]): T[] {
  return results.flatMap((result) => result.data ?? []);
}
