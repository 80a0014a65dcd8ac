import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';

/** A one-time code, valid 2 minutes, that registers a new robot to the user (default the caller). */
export function generateAuthCode(userId: number | null) {
  return post('/api/device/deviceGenerateAuthCode', userId === null ? {} : { userId });
}

export function useGenerateAuthCode() {
  return useMutation({ mutationFn: generateAuthCode });
}
