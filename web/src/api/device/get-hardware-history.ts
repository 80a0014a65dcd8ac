import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from './keys';
import type { HardwareChangePage } from './types';

/** A device's part changes, newest first, one page. */
export function hardwareHistoryQueryOptions(deviceId: number, currentPage: number, pageSize: number) {
  return queryOptions({
    queryKey: deviceKeys.hardware(deviceId, 'history', currentPage, pageSize),
    queryFn: async ({ signal }) =>
      (await post('/api/deviceHard/getDeviceHardHistoryListBean', { deviceId, currentPage, pageSize }, { signal })) as unknown as HardwareChangePage,
    placeholderData: keepPreviousData,
  });
}

export function useHardwareHistory(deviceId: number, currentPage: number, pageSize: number) {
  return useQuery(hardwareHistoryQueryOptions(deviceId, currentPage, pageSize));
}
