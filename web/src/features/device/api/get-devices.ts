import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CallOptions } from '@/api/client';
import { searchDevices } from '@/api/device/search-devices';
import { searchBody, type DeviceSearch } from '../lib/device-search';
import { deviceKeys } from '@/api/device/keys';

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
