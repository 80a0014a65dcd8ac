import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { refreshCatalogue } from './refresh-catalogue';

/** Delete a category that has no parts. */
export function deleteCategory(body: BodyOf<'/api/deviceHardSupport/deleteCate'>) {
  return post('/api/deviceHardSupport/deleteCate', body);
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => refreshCatalogue(client),
  });
}
