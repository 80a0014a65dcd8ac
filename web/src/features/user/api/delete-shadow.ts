import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';
import { useInvalidateUsers } from './invalidate';

/** Delete a shadow user; its sessions end at once. */
export function deleteShadow(userId: number) {
  return post('/api/user/shadow/delete', { userId });
}

export function useDeleteShadow() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deleteShadow, onSuccess: invalidate });
}
