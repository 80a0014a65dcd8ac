import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Edit a repair, or move its state one step forward. */
export function updateRepair(body: BodyOf<'/api/repair/updateRepair'>) {
  return post('/api/repair/updateRepair', body);
}

export function useUpdateRepair() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRepair,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.repairs() }),
  });
}
