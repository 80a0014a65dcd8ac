import { queryOptions, useQueries, useQuery, useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';
import { userKeys } from './keys';
import type { BodyOf } from '@/api/types';
import { useInvalidateUsers } from './invalidate';

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

export type CreateRoleInput = BodyOf<'/api/user/role/insert'>;
export type UpdateRoleInput = BodyOf<'/api/user/role/update'>;

/** Create a custom role owned by the caller, with keys the caller holds. */
export function createRole(input: CreateRoleInput) {
  return post('/api/user/role/insert', input);
}

/** Rename a custom role and/or replace its keys. */
export function updateRole(input: UpdateRoleInput) {
  return post('/api/user/role/update', input);
}

export function useCreateRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createRole, onSuccess: invalidate });
}

export function useUpdateRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updateRole, onSuccess: invalidate });
}

/** Delete a custom role; its holders lose it at once (answers how many held it). */
export function deleteRole(id: number) {
  return post('/api/user/role/delete', { id });
}

export function useDeleteRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deleteRole, onSuccess: invalidate });
}

/** The permission catalogue as menu group → page → button keys, each marked grantable by the caller. */
export function getPermissionTree(signal?: AbortSignal) {
  return post('/api/user/role/permissionTree', {}, { signal });
}

export function permissionTreeQueryOptions() {
  return queryOptions({
    queryKey: userKeys.permissionTree(),
    queryFn: ({ signal }) => getPermissionTree(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePermissionTree(enabled = true) {
  return useQuery({ ...permissionTreeQueryOptions(), enabled });
}
