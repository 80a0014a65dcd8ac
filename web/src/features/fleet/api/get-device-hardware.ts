import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { fleetKeys } from './keys';

export type DeviceHardware = DataOf<'/api/deviceHard/getDeviceHardByDeviceId'>;

/** The parts a device has, one per category. */
export function getDeviceHardware(deviceId: number, signal?: AbortSignal) {
  return post('/api/deviceHard/getDeviceHardByDeviceId', { deviceId, showCateList: false }, { signal });
}

export const deviceHardwareOptions = (deviceId: number) =>
  queryOptions({ queryKey: fleetKeys.device(deviceId, 'hardware'), queryFn: () => getDeviceHardware(deviceId) });

export const useDeviceHardware = (deviceId: number) => useQuery(deviceHardwareOptions(deviceId));
