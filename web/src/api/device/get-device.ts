import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { deviceKeys } from './keys';

export type DeviceDetail = DataOf<'/api/device/selectDeviceByDeviceId'>;

/**
 * One device's record with its last heartbeat state (online, battery, FRP port). Every screen reads it
 * under the one key `deviceKeys.device(deviceId)`, so an edit anywhere refreshes every screen.
 */
export function getDevice(deviceId: number, signal?: AbortSignal) {
  return post('/api/device/selectDeviceByDeviceId', { deviceId }, { signal });
}

export const deviceOptions = (deviceId: number) =>
  queryOptions({ queryKey: deviceKeys.device(deviceId), queryFn: ({ signal }) => getDevice(deviceId, signal) });

/** `refetchInterval`: screens that follow the robot live (remote control, maps) ask again every few seconds. */
export const useDevice = (deviceId: number | null, { refetchInterval }: { refetchInterval?: number } = {}) =>
  useQuery({ ...deviceOptions(deviceId ?? 0), enabled: deviceId !== null, refetchInterval });

/** Refreshes the one device record (and only it: the device's other reads keep their own refresh). */
export const deviceRecordFilter = (deviceId: number) => ({ queryKey: deviceKeys.device(deviceId), exact: true });
