import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Delete the subtree's repair records dated before a time. */
export function deleteRepairsBefore(body: BodyOf<'/api/repair/deleteRepairBeforeDate'>) {
  return post('/api/repair/deleteRepairBeforeDate', body);
}

export function useDeleteRepairsBefore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRepairsBefore,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.repairs() }),
  });
}
