import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type HireFilter = BodyOf<'/api/hire/list'>;
export type HirePage = DataOf<'/api/hire/list'>;
export type Hire = HirePage['list'][number];

/** Leases of the subtree's devices, newest first, with filters (paged). */
export function getHires(filter: HireFilter, signal?: AbortSignal) {
  return post('/api/hire/list', filter, { signal });
}

export const getHiresOptions = (filter: HireFilter) =>
  queryOptions({ queryKey: deviceKeys.hires('list', filter), queryFn: () => getHires(filter), placeholderData: keepPreviousData });

export const useHires = (filter: HireFilter, enabled = true) => useQuery({ ...getHiresOptions(filter), enabled });
