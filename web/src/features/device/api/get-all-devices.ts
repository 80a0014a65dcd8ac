import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from '@/api/device/keys';

/** Every device of a user's subtree (default the caller's), briefly: the group member picker. */
export function allDevicesQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: deviceKeys.brief(userId),
    queryFn: ({ signal }) => post('/api/device/selectAllDevice', userId === null ? {} : { userId }, { signal }),
    staleTime: 30_000,
  });
}

export function useAllDevices(userId: number | null, enabled = true) {
  return useQuery({ ...allDevicesQueryOptions(userId), enabled });
}
