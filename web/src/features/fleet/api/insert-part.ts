import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { refreshCatalogue } from './refresh-catalogue';

/** Add a hardware part. */
export function insertPart(body: BodyOf<'/api/deviceHardSupport/insert'>) {
  return post('/api/deviceHardSupport/insert', body);
}

export function useInsertPart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: insertPart,
    onSuccess: () => refreshCatalogue(client),
  });
}
