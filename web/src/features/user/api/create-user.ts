import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { useInvalidateUsers } from './invalidate';

export type CreateUserInput = BodyOf<'/api/user/insertUser'>;

/** Create a child account one level below its parent (default the caller). */
export function createUser(input: CreateUserInput) {
  return post('/api/user/insertUser', input);
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createUser, onSuccess: invalidate });
}
