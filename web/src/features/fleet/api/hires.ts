import { keepPreviousData, queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** Start a lease of a device (at most one active lease per device). */
export function insertHire(body: BodyOf<'/api/hire/insertHire'>) {
  return post('/api/hire/insertHire', body);
}

export function useInsertHire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: insertHire,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.hires() }),
  });
}

/** End an active lease. */
export function stopHire(body: BodyOf<'/api/hire/stopHire'>) {
  return post('/api/hire/stopHire', body);
}

export function useStopHire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: stopHire,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.hires() }),
  });
}
