import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';

/** A free port in 20000-30000 on the FRP host, never handed out before. */
export function generateFrpPort(frpHost: string) {
  return post('/api/device/generateFrpPort', { frpHost });
}

export function useGenerateFrpPort() {
  return useMutation({ mutationFn: generateFrpPort });
}
