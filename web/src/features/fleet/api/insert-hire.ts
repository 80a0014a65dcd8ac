import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Start a lease of a device (at most one active lease per device). */
export function insertHire(body: BodyOf<'/api/hire/insertHire'>) {
  return post('/api/hire/insertHire', body);
}

export function useInsertHire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: insertHire,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.hires() }),
  });
}
