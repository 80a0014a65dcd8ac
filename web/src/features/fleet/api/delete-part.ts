import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { refreshCatalogue } from './refresh-catalogue';

/** Delete a part no device has and no batch lists. */
export function deletePart(body: BodyOf<'/api/deviceHardSupport/delete'>) {
  return post('/api/deviceHardSupport/delete', body);
}

export function useDeletePart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSuccess: () => refreshCatalogue(client),
  });
}
