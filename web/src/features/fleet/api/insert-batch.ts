import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

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
