import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { userKeys } from './keys';

/** The roles a user (default the caller) can hold: presets and those of itself and its ancestors. */
export function listRoles(userId: number | null, signal?: AbortSignal) {
  return post('/api/user/role/list', userId === null ? {} : { userId }, { signal });
}

export function rolesQueryOptions(userId: number | null) {
  return queryOptions({ queryKey: userKeys.roles(userId), queryFn: ({ signal }) => listRoles(userId, signal) });
}

export function useRoles(userId: number | null, enabled = true) {
  return useQuery({ ...rolesQueryOptions(userId), enabled });
}

/** The roles visible to several users at once (naming the roles of a tree of users), as one list. */
export function useRolesOf(userIds: readonly number[], enabled = true) {
  return useQueries({ queries: userIds.map((id) => ({ ...rolesQueryOptions(id), enabled })), combine: flatten });
}

function flatten<T>(results: readonly { data?: readonly T[] }[]): T[] {
  return results.flatMap((result) => result.data ?? []);
}
