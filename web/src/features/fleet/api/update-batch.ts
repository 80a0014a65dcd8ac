import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

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
