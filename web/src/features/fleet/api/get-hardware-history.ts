import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { fleetKeys } from './keys';

/** One change of a device's part (the call declares a loose page; these are its fields). */
export interface HardwareChange {
  id: number;
  cateName: string;
  oldPart: string;
  newPart: string;
  source: string;
  batchId: number | null;
  account: string;
  changeTime: string;
}

export interface HardwareHistoryPage {
  list: HardwareChange[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** A device's part changes, newest first (paged). */
export async function getHardwareHistory(deviceId: number, currentPage: number, pageSize: number, signal?: AbortSignal) {
  const page = await post('/api/deviceHard/getDeviceHardHistoryListBean', { deviceId, currentPage, pageSize }, { signal });
  return page as unknown as HardwareHistoryPage;
}

export const hardwareHistoryOptions = (deviceId: number, currentPage: number, pageSize: number) =>
  queryOptions({
    queryKey: fleetKeys.device(deviceId, 'hardwareHistory', currentPage, pageSize),
    queryFn: () => getHardwareHistory(deviceId, currentPage, pageSize),
    placeholderData: keepPreviousData,
  });

export const useHardwareHistory = (deviceId: number, currentPage: number, pageSize: number) =>
  useQuery(hardwareHistoryOptions(deviceId, currentPage, pageSize));
