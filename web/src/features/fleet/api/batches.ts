import { useMutation, useQueryClient, queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Add parts to a batch; a part replaces the batch's part of the same category. */
export function addBatchParts(body: BodyOf<'/api/deviceProductBatch/updateHardSupport'>) {
  return post('/api/deviceProductBatch/updateHardSupport', body);
}

export function useAddBatchParts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addBatchParts,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.batches() }),
  });
}

/** Delete a production batch (devices keep the parts fitted from it). */
export function deleteBatch(body: BodyOf<'/api/deviceProductBatch/delete'>) {
  return post('/api/deviceProductBatch/delete', body);
}

export function useDeleteBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteBatch,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.batches() }),
  });
}

export type BatchDetail = DataOf<'/api/deviceProductBatch/hardSupportInfo'>;

/** One batch with its hardware parts. */
export function getBatch(batchId: number, signal?: AbortSignal) {
  return post('/api/deviceProductBatch/hardSupportInfo', { batchId }, { signal });
}

export const batchOptions = (batchId: number) =>
  queryOptions({ queryKey: deviceKeys.batches('detail', batchId), queryFn: () => getBatch(batchId) });

export const useBatch = (batchId: number) => useQuery(batchOptions(batchId));

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

/** Add a production batch: name, device model and rack range are required. */
export function insertBatch(body: BodyOf<'/api/deviceProductBatch/insert'>) {
  return post('/api/deviceProductBatch/insert', body);
}

export function useInsertBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: insertBatch,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.batches() }),
  });
}

/** Take a part off a batch. */
export function removeBatchPart(body: BodyOf<'/api/deviceProductBatch/deleteHardSupport'>) {
  return post('/api/deviceProductBatch/deleteHardSupport', body);
}

export function useRemoveBatchPart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeBatchPart,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.batches() }),
  });
}

/** Edit a production batch (only the fields sent change). */
export function updateBatch(body: BodyOf<'/api/deviceProductBatch/update'>) {
  return post('/api/deviceProductBatch/update', body);
}

export function useUpdateBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateBatch,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.batches() }),
  });
}
