import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { fleetKeys } from './keys';

export type Category = DataOf<'/api/deviceHardSupport/listCate'>[number];

/** Every hardware part category. */
export function getCategories(signal?: AbortSignal) {
  return post('/api/deviceHardSupport/listCate', {}, { signal });
}

export const categoriesOptions = () =>
  queryOptions({ queryKey: fleetKeys.hardware('categories'), queryFn: () => getCategories() });

export const useCategories = () => useQuery(categoriesOptions());
