import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type Category = DataOf<'/api/deviceHardSupport/listCate'>[number];

/** Every hardware part category. */
export function getCategories(signal?: AbortSignal) {
  return post('/api/deviceHardSupport/listCate', {}, { signal });
}

export const categoriesOptions = () =>
  queryOptions({ queryKey: deviceKeys.catalogue('categories'), queryFn: () => getCategories() });

export const useCategories = () => useQuery(categoriesOptions());
