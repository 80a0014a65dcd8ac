import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallOptions, post } from '@/api/client';
import { searchDevices } from '@/api/device/devices';
import { searchBody, type DeviceSearch } from '../lib/device-search';
import { deviceKeys } from '@/api/device/keys';
import { reloadDeviceLists, replaceListedDevice, removeListedDevice } from './device-list-cache';
import type { DeviceInsertBody, DeviceUpdateBody, Device } from '@/api/device/types';
import type { BodyOf } from '@/api/types';

/** api-spec.md 9: the device list loads 30 devices a page. */
export const DEVICE_PAGE_SIZE = 30;

export function getDevicePage(search: DeviceSearch, currentPage: number, pageSize: number, options?: CallOptions) {
  return searchDevices({ ...searchBody(search), currentPage, pageSize }, options);
}

/**
 * The infinite device list. Failures are not toasted by the client: the page shows them once,
 * as "data download failed" with the server's reason (api-spec.md 7.5).
 */
export function deviceListQueryOptions(search: DeviceSearch) {
  return infiniteQueryOptions({
    queryKey: deviceKeys.list(search),
    queryFn: ({ pageParam, signal }) => getDevicePage(search, pageParam, DEVICE_PAGE_SIZE, { signal, quiet: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    staleTime: 15_000,
    // Pages are only ever appended or replaced: comparing thousands of loaded rows on every new
    // page (structural sharing) would cost more than it saves.
    structuralSharing: false,
  });
}

export function useDeviceList(search: DeviceSearch) {
  return useInfiniteQuery(deviceListQueryOptions(search));
}

export function insertDevice(body: DeviceInsertBody) {
  return post('/api/device/insertDevice', body);
}

/** Adds a device; the answer carries its secret, shown this once. */
export function useInsertDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertDevice,
    onSuccess: () => void reloadDeviceLists(queryClient),
  });
}

export function updateDevice(body: DeviceUpdateBody) {
  return post('/api/device/updateDeviceInfo', body);
}

export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: (device) => replaceListedDevice(queryClient, device),
  });
}

export type OwnerChange = Required<BodyOf<'/api/device/updateDeviceUserInfo'>>;

/** Edit owner or elevator (updateDeviceUserInfo). */
export function updateDeviceOwner(change: OwnerChange) {
  return post('/api/device/updateDeviceUserInfo', change);
}

export function useUpdateDeviceOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeviceOwner,
    onSuccess: (device) => replaceListedDevice(queryClient, device),
  });
}

export function deleteDevice(deviceId: number) {
  return post('/api/device/deleteDevice', { deviceId });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: ({ deviceId }) => {
      removeListedDevice(queryClient, deviceId);
      void queryClient.invalidateQueries({ queryKey: deviceKeys.groups() });
    },
  });
}

/** Bind a device to a user of the subtree, or (userId null) take it back to the caller. */
export function bindDeviceUser({ deviceId, userId }: { deviceId: number; userId: number | null }) {
  return post('/api/device/updateUserDeviceStatus', userId === null ? { deviceId, status: 0 } : { deviceId, userId, status: 1 });
}

export function useBindDeviceUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindDeviceUser,
    onSuccess: (device) => replaceListedDevice(queryClient, device),
  });
}

/** A one-time code, valid 2 minutes, that registers a new robot to the user (default the caller). */
export function generateAuthCode(userId: number | null) {
  return post('/api/device/deviceGenerateAuthCode', userId === null ? {} : { userId });
}

export function useGenerateAuthCode() {
  return useMutation({ mutationFn: generateAuthCode });
}

/** Every device of a search, fetched a large page at a time for the export. */
export const EXPORT_PAGE_SIZE = 500;

export async function fetchAllDevices(
  search: DeviceSearch,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
): Promise<Device[]> {
  const devices: Device[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getDevicePage(search, page, EXPORT_PAGE_SIZE, { signal, timeoutMs: 120_000 });
    devices.push(...answer.list);
    onProgress(devices.length, answer.total);
    if (answer.list.length < EXPORT_PAGE_SIZE || devices.length >= answer.total) return devices;
  }
}
