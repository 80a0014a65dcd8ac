import { useMutation } from '@tanstack/react-query';
import { post, type CallOptions } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { useInvalidateUsers } from './invalidate';

export type UpdateUserInfoInput = BodyOf<'/api/user/updateUserInfo'>;

/** Edit a profile: the caller's own (no userId) or a child user's. */
export function updateUserInfo(input: UpdateUserInfoInput, options?: CallOptions) {
  return post('/api/user/updateUserInfo', input, options);
}

export function useUpdateUserInfo(options?: CallOptions) {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (input: UpdateUserInfoInput) => updateUserInfo(input, options), onSuccess: invalidate });
}
