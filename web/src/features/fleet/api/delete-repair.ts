import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Delete a repair record. */
export function deleteRepair(body: BodyOf<'/api/repair/deleteRepair'>) {
  return post('/api/repair/deleteRepair', body);
}

export function useDeleteRepair() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRepair,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.repairs() }),
  });
}
