import { keepPreviousData, queryOptions, useQuery, useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';
import { userKeys } from './keys';
import type { ShadowListParams } from './types';
import type { BodyOf } from '@/api/types';
import { useInvalidateUsers } from './invalidate';

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

export type CreateShadowInput = BodyOf<'/api/user/shadow/insert'>;
export type UpdateShadowInput = BodyOf<'/api/user/shadow/update'>;

/** Create a shadow user of the caller, with its own roles (within the caller's keys). */
export function createShadow(input: CreateShadowInput) {
  return post('/api/user/shadow/insert', input);
}

/** Edit a shadow user's profile and roles. */
export function updateShadow(input: UpdateShadowInput) {
  return post('/api/user/shadow/update', input);
}

export function useCreateShadow() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createShadow, onSuccess: invalidate });
}

export function useUpdateShadow() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updateShadow, onSuccess: invalidate });
}

/** Delete a shadow user; its sessions end at once. */
export function deleteShadow(userId: number) {
  return post('/api/user/shadow/delete', { userId });
}

export function useDeleteShadow() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deleteShadow, onSuccess: invalidate });
}
