import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';

/** Give a child user a new random initial password (answered once) and sign it out. */
export function resetInitialPassword(userId: number) {
  return post('/api/user/updateInitialPassword', { userId });
}

export function useResetInitialPassword() {
  return useMutation({ mutationFn: resetInitialPassword });
}
