import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { fleetKeys } from './keys';

/** Delete a category that has no parts. */
export function deleteCategory(body: BodyOf<'/api/deviceHardSupport/deleteCate'>) {
  return post('/api/deviceHardSupport/deleteCate', body);
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => client.invalidateQueries({ queryKey: fleetKeys.hardware() }),
  });
}
