import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { REFRESH_MS, screenKeys } from './keys';

export type DeviceMapAnswer = DataOf<'/api/screen/deviceMap'>;
export type MapDevice = DeviceMapAnswer['devices'][number];

/** Every robot of the subtree with its place and live state (quiet: failures show on the page, not every 10 s). */
export function getDeviceMap(userId: number | undefined, signal?: AbortSignal) {
  return post('/api/screen/deviceMap', { userId }, { signal, quiet: true });
}

export function useDeviceMap(userId?: number) {
  return useQuery({
    queryKey: screenKeys.deviceMap(userId ?? null),
    queryFn: () => getDeviceMap(userId),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}
