import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

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
