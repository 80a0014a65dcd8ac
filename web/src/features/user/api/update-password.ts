import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';

export type UpdatePasswordInput = BodyOf<'/api/user/updatePassword'>;

/** Change the caller's own password (quiet: the dialog shows the failure, 'modify failed' offline). */
export function updatePassword(input: UpdatePasswordInput) {
  return post('/api/user/updatePassword', input, { quiet: true });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
