import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from './keys';

/** Every device type (model). */
export function deviceTypesQueryOptions() {
  return queryOptions({
    queryKey: deviceKeys.types(),
    queryFn: ({ signal }) => post('/api/device/selectDeviceType', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useDeviceTypes() {
  return useQuery(deviceTypesQueryOptions());
}
