import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from './keys';

/** The groups of the caller's subtree with their devices. */
export function deviceGroupsQueryOptions() {
  return queryOptions({
    queryKey: deviceKeys.groups(),
    queryFn: ({ signal }) => post('/api/deviceGroup/selectAll', {}, { signal }),
  });
}

export function useDeviceGroups() {
  return useQuery(deviceGroupsQueryOptions());
}
