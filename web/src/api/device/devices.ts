import { queryOptions, useQuery, keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { post, type CallOptions } from '@/api/client';
import type { DataOf, BodyOf } from '@/api/types';
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

/**
 * Every device of a user's subtree (default the caller's), briefly: the robot choosers and filters of
 * every feature read this one query, under one key (`deviceKeys.brief`).
 */
export function getAllDevices(userId: number | null = null, signal?: AbortSignal) {
  return post('/api/device/selectAllDevice', userId === null ? {} : { userId }, { signal });
}

export function allDevicesQueryOptions(userId: number | null = null) {
  return queryOptions({
    queryKey: deviceKeys.brief(userId),
    queryFn: ({ signal }) => getAllDevices(userId, signal),
    staleTime: 30_000,
  });
}

export function useAllDevices(userId: number | null = null, enabled = true) {
  return useQuery({ ...allDevicesQueryOptions(userId), enabled });
}

export type FoundDeviceFilter = BodyOf<'/api/device/selectDevicePc'>;
export type FoundDevice = DataOf<'/api/device/selectDevicePc'>['list'][number];

/** One page of the device list's search (the device list, and the device picker by name or serial number). */
export function searchDevices(filter: FoundDeviceFilter, options?: CallOptions) {
  return post('/api/device/selectDevicePc', filter, options);
}

export const searchDevicesOptions = (filter: FoundDeviceFilter) =>
  queryOptions({ queryKey: deviceKeys.search(filter), queryFn: ({ signal }) => searchDevices(filter, { signal }), placeholderData: keepPreviousData });

export const useSearchDevices = (filter: FoundDeviceFilter, enabled = true) => useQuery({ ...searchDevicesOptions(filter), enabled });

/** Hand out a free FRP port (20000-30000) on a transfer node; never the same one twice. */
export function generateFrpPort(body: BodyOf<'/api/device/generateFrpPort'>) {
  return post('/api/device/generateFrpPort', body);
}

export function useGenerateFrpPort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateFrpPort,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.hosts() }),
  });
}
