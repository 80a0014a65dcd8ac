import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
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
