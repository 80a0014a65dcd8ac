import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { refreshCatalogue } from './refresh-catalogue';

/** Add a part category. */
export function insertCategory(body: BodyOf<'/api/deviceHardSupport/insertCate'>) {
  return post('/api/deviceHardSupport/insertCate', body);
}

export function useInsertCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: insertCategory,
    onSuccess: () => refreshCatalogue(client),
  });
}
