import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from './keys';

/** Hand out a free FRP port (20000-30000) on a transfer node; never the same one twice. */
export function generateFrpPort(body: BodyOf<'/api/device/generateFrpPort'>) {
  return post('/api/device/generateFrpPort', body);
}

export function useGenerateFrpPort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateFrpPort,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.hosts() }),
  });
}
