import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';
import { useInvalidateUsers } from './invalidate';

/** Delete a role group; its users lose it at once (answers how many had it). */
export function deleteGroup(id: number) {
  return post('/api/user/role/group/delete', { id });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deleteGroup, onSuccess: invalidate });
}
