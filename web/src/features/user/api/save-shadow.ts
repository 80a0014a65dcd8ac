import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { useInvalidateUsers } from './invalidate';

export type CreateShadowInput = BodyOf<'/api/user/shadow/insert'>;
export type UpdateShadowInput = BodyOf<'/api/user/shadow/update'>;

/** Create a shadow user of the caller, with its own roles (within the caller's keys). */
export function createShadow(input: CreateShadowInput) {
  return post('/api/user/shadow/insert', input);
}

/** Edit a shadow user's profile and roles. */
export function updateShadow(input: UpdateShadowInput) {
  return post('/api/user/shadow/update', input);
}

export function useCreateShadow() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createShadow, onSuccess: invalidate });
}

export function useUpdateShadow() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updateShadow, onSuccess: invalidate });
}
