import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type ProvinceCount = DataOf<'/api/device/selectDeviceCountByProvince'>[number];

/** Devices by country and province (filled from coordinates). */
export function getCountByProvince(userId: number | undefined, signal?: AbortSignal) {
  return post('/api/device/selectDeviceCountByProvince', { userId }, { signal });
}

export const countByProvinceOptions = (userId?: number) =>
  queryOptions({
    queryKey: deviceKeys.summary('province', userId ?? null),
    queryFn: () => getCountByProvince(userId),
  });

export const useCountByProvince = (userId?: number) => useQuery(countByProvinceOptions(userId));
