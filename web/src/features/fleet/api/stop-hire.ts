import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** End an active lease. */
export function stopHire(body: BodyOf<'/api/hire/stopHire'>) {
  return post('/api/hire/stopHire', body);
}

export function useStopHire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: stopHire,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.hires() }),
  });
}
