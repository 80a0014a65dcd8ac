import { queryOptions, useQueries, useQuery, useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';
import { userKeys } from './keys';
import type { BodyOf } from '@/api/types';
import { useInvalidateUsers } from './invalidate';

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

export type CreateGroupInput = BodyOf<'/api/user/role/group/insert'>;
export type UpdateGroupInput = BodyOf<'/api/user/role/group/update'>;

/** Create a role group owned by the caller from roles it may grant. */
export function createGroup(input: CreateGroupInput) {
  return post('/api/user/role/group/insert', input);
}

/** Rename a role group and/or replace its roles. */
export function updateGroup(input: UpdateGroupInput) {
  return post('/api/user/role/group/update', input);
}

export function useCreateGroup() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createGroup, onSuccess: invalidate });
}

export function useUpdateGroup() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updateGroup, onSuccess: invalidate });
}

/** Delete a role group; its users lose it at once (answers how many had it). */
export function deleteGroup(id: number) {
  return post('/api/user/role/group/delete', { id });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deleteGroup, onSuccess: invalidate });
}
