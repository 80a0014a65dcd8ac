import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from './keys';

/**
 * Every device of a user's subtree (default the caller's), briefly: the robot choosers and filters of
 * every feature read this one query, under one key (`deviceKeys.brief`).
 */
export function getAllDevices(userId: number | null = null, signal?: AbortSignal) {
  return post('/api/device/selectAllDevice', userId === null ? {} : { userId }, { signal });
}

export function allDevicesQueryOptions(userId: number | null = null) {
  return queryOptions({
    queryKey: deviceKeys.brief(userId),
    queryFn: ({ signal }) => getAllDevices(userId, signal),
    staleTime: 30_000,
  });
}

export function useAllDevices(userId: number | null = null, enabled = true) {
  return useQuery({ ...allDevicesQueryOptions(userId), enabled });
}
