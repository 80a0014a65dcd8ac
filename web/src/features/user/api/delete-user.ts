import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { useInvalidateUsers } from './invalidate';

export type DeleteUserInput = BodyOf<'/api/user/deleteUserInfo'>;

/**
 * Delete a child user. While it has child users or devices the server refuses (CONFLICT, with the
 * counts as data) unless moveToUserId says where they go. Quiet: the screen shows that refusal itself.
 */
export function deleteUser(input: DeleteUserInput) {
  return post('/api/user/deleteUserInfo', input, { quiet: true });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deleteUser, onSuccess: invalidate });
}
