import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';

/** Every device of a user's subtree (default the caller's), briefly: the group member picker. */
export function allDevicesQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: ['device', 'all', userId] as const,
    queryFn: ({ signal }) => post('/api/device/selectAllDevice', userId === null ? {} : { userId }, { signal }),
    staleTime: 30_000,
  });
}

export function useAllDevices(userId: number | null, enabled = true) {
  return useQuery({ ...allDevicesQueryOptions(userId), enabled });
}
