import { useMutation } from '@tanstack/react-query';
import { post, type CallOptions } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { useInvalidateUsers } from './invalidate';

export type UpdatePermissionInput = BodyOf<'/api/user/updateUserPermission'>;

/** Replace a child user's roles and/or role group (a field left out is kept). */
export function updateUserPermission(input: UpdatePermissionInput, options?: CallOptions) {
  return post('/api/user/updateUserPermission', input, options);
}

export function useUpdateUserPermission() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (input: UpdatePermissionInput) => updateUserPermission(input), onSuccess: invalidate });
}
