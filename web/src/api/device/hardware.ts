import { queryOptions, useQuery, keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from './keys';
import type { HardwareChangePage } from './types';
import type { BodyOf } from '@/api/types';

/** A device's parts (one per category); with the catalogue of every category and its parts when asked. */
export function deviceHardwareQueryOptions(deviceId: number, withCatalogue: boolean) {
  return queryOptions({
    queryKey: deviceKeys.hardware(deviceId, 'fitted', withCatalogue),
    queryFn: ({ signal }) => post('/api/deviceHard/getDeviceHardByDeviceId', { deviceId, showCateList: withCatalogue }, { signal }),
  });
}

export function useDeviceHardware(deviceId: number, withCatalogue: boolean) {
  return useQuery(deviceHardwareQueryOptions(deviceId, withCatalogue));
}

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

/** Fit a production batch's parts to a device of the batch's model (and rack range). */
export function applyBatch(body: BodyOf<'/api/deviceHard/updateDeviceHardByBatchId'>) {
  return post('/api/deviceHard/updateDeviceHardByBatchId', body);
}

export function useApplyBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBatch,
    onSuccess: (_data, { deviceId }) => queryClient.invalidateQueries({ queryKey: deviceKeys.hardware(deviceId) }),
  });
}
