import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { refreshCatalogue } from './refresh-catalogue';

/** Edit a hardware part (only the fields sent change). */
export function updatePart(body: BodyOf<'/api/deviceHardSupport/update'>) {
  return post('/api/deviceHardSupport/update', body);
}

export function useUpdatePart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePart,
    onSuccess: () => refreshCatalogue(client),
  });
}
