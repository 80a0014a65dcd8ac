import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type FoundDeviceFilter = BodyOf<'/api/device/selectDevicePc'>;
export type FoundDevicePage = DataOf<'/api/device/selectDevicePc'>;
export type FoundDevice = FoundDevicePage['list'][number];

/** Devices found by name or serial number (the device pickers). */
export function searchDevices(filter: FoundDeviceFilter, signal?: AbortSignal) {
  return post('/api/device/selectDevicePc', filter, { signal });
}

export const searchDevicesOptions = (filter: FoundDeviceFilter) =>
  queryOptions({ queryKey: deviceKeys.search(filter), queryFn: () => searchDevices(filter), placeholderData: keepPreviousData });

export const useSearchDevices = (filter: FoundDeviceFilter, enabled = true) => useQuery({ ...searchDevicesOptions(filter), enabled });
