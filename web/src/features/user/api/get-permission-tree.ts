import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { userKeys } from './keys';

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
