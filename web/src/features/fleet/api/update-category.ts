import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { refreshCatalogue } from './refresh-catalogue';

/** Rename a part category. */
export function updateCategory(body: BodyOf<'/api/deviceHardSupport/updateCate'>) {
  return post('/api/deviceHardSupport/updateCate', body);
}

export function useUpdateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => refreshCatalogue(client),
  });
}
