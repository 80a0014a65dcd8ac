import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';

export const deviceGroupsKey = ['device', 'groups'] as const;

/** The groups of the caller's subtree with their devices. */
export function deviceGroupsQueryOptions() {
  return queryOptions({
    queryKey: deviceGroupsKey,
    queryFn: ({ signal }) => post('/api/deviceGroup/selectAll', {}, { signal }),
  });
}

export function useDeviceGroups() {
  return useQuery(deviceGroupsQueryOptions());
}
