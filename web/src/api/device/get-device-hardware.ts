import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from './keys';

/** A device's parts (one per category); with the catalogue of every category and its parts when asked. */
export function deviceHardwareQueryOptions(deviceId: number, withCatalogue: boolean) {
  return queryOptions({
    queryKey: deviceKeys.hardware(deviceId, 'fitted', withCatalogue),
    queryFn: ({ signal }) => post('/api/deviceHard/getDeviceHardByDeviceId', { deviceId, showCateList: withCatalogue }, { signal }),
  });
}

export function useDeviceHardware(deviceId: number, withCatalogue: boolean) {
  return useQuery(deviceHardwareQueryOptions(deviceId, withCatalogue));
}
