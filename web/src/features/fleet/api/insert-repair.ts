import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Record a repair (pending); type and date are required. */
export function insertRepair(body: BodyOf<'/api/repair/insertRepair'>) {
  return post('/api/repair/insertRepair', body);
}

export function useInsertRepair() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: insertRepair,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.repairs() }),
  });
}
