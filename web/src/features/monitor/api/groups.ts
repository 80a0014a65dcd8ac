import { useQuery } from '@tanstack/react-query';
import { deviceGroupsQueryOptions } from '@/api/device/device-groups';

/** The device groups of the subtree, for the group filter (needs the key device/group). */
export function useDeviceGroupOptions(enabled: boolean) {
  return useQuery({ ...deviceGroupsQueryOptions(), enabled, staleTime: 60_000 });
}
