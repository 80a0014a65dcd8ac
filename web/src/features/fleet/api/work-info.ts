import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type WorkInfo = DataOf<'/api/device/selectWorkInfoById'>;

/** A device's work counters (time, area, tasks) since they were last reset. */
export function getWorkInfo(deviceId: number, signal?: AbortSignal) {
  return post('/api/device/selectWorkInfoById', { deviceId }, { signal });
}

export const workInfoOptions = (deviceId: number) =>
  queryOptions({ queryKey: deviceKeys.device(deviceId, 'work'), queryFn: () => getWorkInfo(deviceId) });

export const useWorkInfo = (deviceId: number) => useQuery(workInfoOptions(deviceId));
