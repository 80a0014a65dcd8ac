import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type DeviceDetail = DataOf<'/api/device/selectDeviceByDeviceId'>;

/** One device with its live state. */
export function getDevice(deviceId: number, signal?: AbortSignal) {
  return post('/api/device/selectDeviceByDeviceId', { deviceId }, { signal });
}

export const deviceOptions = (deviceId: number) =>
  queryOptions({ queryKey: deviceKeys.device(deviceId), queryFn: () => getDevice(deviceId) });

export const useDevice = (deviceId: number | null) => useQuery({ ...deviceOptions(deviceId ?? 0), enabled: deviceId !== null });
