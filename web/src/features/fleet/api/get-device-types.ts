import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { fleetKeys } from './keys';

export type DeviceType = DataOf<'/api/device/selectDeviceType'>[number];

/** Every device type (model). */
export function getDeviceTypes(signal?: AbortSignal) {
  return post('/api/device/selectDeviceType', {}, { signal });
}

export const deviceTypesOptions = () =>
  queryOptions({ queryKey: fleetKeys.deviceTypes(), queryFn: () => getDeviceTypes(), staleTime: 5 * 60_000 });

export const useDeviceTypes = () => useQuery(deviceTypesOptions());
