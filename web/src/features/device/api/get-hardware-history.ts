import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { HardwareChangePage } from './types';

export const hardwareHistoryKey = (deviceId: number) => ['device', 'hardwareHistory', deviceId] as const;

/** A device's part changes, newest first, one page. */
export function hardwareHistoryQueryOptions(deviceId: number, currentPage: number, pageSize: number) {
  return queryOptions({
    queryKey: [...hardwareHistoryKey(deviceId), currentPage, pageSize] as const,
    queryFn: async ({ signal }) =>
      (await post('/api/deviceHard/getDeviceHardHistoryListBean', { deviceId, currentPage, pageSize }, { signal })) as unknown as HardwareChangePage,
    placeholderData: keepPreviousData,
  });
}

export function useHardwareHistory(deviceId: number, currentPage: number, pageSize: number) {
  return useQuery(hardwareHistoryQueryOptions(deviceId, currentPage, pageSize));
}
