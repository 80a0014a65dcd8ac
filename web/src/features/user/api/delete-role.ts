import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';
import { useInvalidateUsers } from './invalidate';

/** Delete a custom role; its holders lose it at once (answers how many held it). */
export function deleteRole(id: number) {
  return post('/api/user/role/delete', { id });
}

export function useDeleteRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deleteRole, onSuccess: invalidate });
}
