import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post, type CallOptions } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { deviceKeys } from './keys';

export type FoundDeviceFilter = BodyOf<'/api/device/selectDevicePc'>;
export type FoundDevice = DataOf<'/api/device/selectDevicePc'>['list'][number];

/** One page of the device list's search (the device list, and the device picker by name or serial number). */
export function searchDevices(filter: FoundDeviceFilter, options?: CallOptions) {
  return post('/api/device/selectDevicePc', filter, options);
}

export const searchDevicesOptions = (filter: FoundDeviceFilter) =>
  queryOptions({ queryKey: deviceKeys.search(filter), queryFn: ({ signal }) => searchDevices(filter, { signal }), placeholderData: keepPreviousData });

export const useSearchDevices = (filter: FoundDeviceFilter, enabled = true) => useQuery({ ...searchDevicesOptions(filter), enabled });
