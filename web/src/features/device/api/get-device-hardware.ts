import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';

export const deviceHardwareKey = (deviceId: number) => ['device', 'hardware', deviceId] as const;

/** A device's parts (one per category) and the catalogue of every category with its parts. */
export function deviceHardwareQueryOptions(deviceId: number) {
  return queryOptions({
    queryKey: deviceHardwareKey(deviceId),
    queryFn: ({ signal }) => post('/api/deviceHard/getDeviceHardByDeviceId', { deviceId, showCateList: true }, { signal }),
  });
}

export function useDeviceHardware(deviceId: number) {
  return useQuery(deviceHardwareQueryOptions(deviceId));
}
