import { useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { monitorKeys } from './keys';

/** The device groups of the subtree, for the group filter (needs the key device/group). */
export function useDeviceGroupOptions(enabled: boolean) {
  return useQuery({
    queryKey: monitorKeys.groups(),
    queryFn: () => post('/api/deviceGroup/selectAll', {}),
    enabled,
    staleTime: 60_000,
  });
}
