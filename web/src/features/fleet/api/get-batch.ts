import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type BatchDetail = DataOf<'/api/deviceProductBatch/hardSupportInfo'>;

/** One batch with its hardware parts. */
export function getBatch(batchId: number, signal?: AbortSignal) {
  return post('/api/deviceProductBatch/hardSupportInfo', { batchId }, { signal });
}

export const batchOptions = (batchId: number) =>
  queryOptions({ queryKey: deviceKeys.batches('detail', batchId), queryFn: () => getBatch(batchId) });

export const useBatch = (batchId: number) => useQuery(batchOptions(batchId));
