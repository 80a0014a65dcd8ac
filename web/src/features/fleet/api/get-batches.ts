import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type BatchFilter = BodyOf<'/api/deviceProductBatch/list'>;
export type BatchPage = DataOf<'/api/deviceProductBatch/list'>;
export type Batch = BatchPage['list'][number];

/** Production batches, newest first, by name and device model (paged). */
export function getBatches(filter: BatchFilter, signal?: AbortSignal) {
  return post('/api/deviceProductBatch/list', filter, { signal });
}

export const getBatchesOptions = (filter: BatchFilter) =>
  queryOptions({ queryKey: deviceKeys.batches('list', filter), queryFn: () => getBatches(filter), placeholderData: keepPreviousData });

export const useBatches = (filter: BatchFilter, enabled = true) => useQuery({ ...getBatchesOptions(filter), enabled });
