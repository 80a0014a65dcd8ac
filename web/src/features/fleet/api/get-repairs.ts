import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type RepairFilter = BodyOf<'/api/repair/list'>;
export type RepairPage = DataOf<'/api/repair/list'>;
export type Repair = RepairPage['list'][number];

/** Repair records of the subtree's devices, newest first, with filters (paged). */
export function getRepairs(filter: RepairFilter, signal?: AbortSignal) {
  return post('/api/repair/list', filter, { signal });
}

export const getRepairsOptions = (filter: RepairFilter) =>
  queryOptions({ queryKey: deviceKeys.repairs('list', filter), queryFn: () => getRepairs(filter), placeholderData: keepPreviousData });

export const useRepairs = (filter: RepairFilter, enabled = true) => useQuery({ ...getRepairsOptions(filter), enabled });
