import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

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
