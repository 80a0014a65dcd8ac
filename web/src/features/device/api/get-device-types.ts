import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';

export const deviceTypesKey = ['device', 'types'] as const;

export function deviceTypesQueryOptions() {
  return queryOptions({
    queryKey: deviceTypesKey,
    queryFn: ({ signal }) => post('/api/device/selectDeviceType', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useDeviceTypes() {
  return useQuery(deviceTypesQueryOptions());
}
