import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { useInvalidateUsers } from './invalidate';

export type CreateGroupInput = BodyOf<'/api/user/role/group/insert'>;
export type UpdateGroupInput = BodyOf<'/api/user/role/group/update'>;

/** Create a role group owned by the caller from roles it may grant. */
export function createGroup(input: CreateGroupInput) {
  return post('/api/user/role/group/insert', input);
}

/** Rename a role group and/or replace its roles. */
export function updateGroup(input: UpdateGroupInput) {
  return post('/api/user/role/group/update', input);
}

export function useCreateGroup() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createGroup, onSuccess: invalidate });
}

export function useUpdateGroup() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updateGroup, onSuccess: invalidate });
}
