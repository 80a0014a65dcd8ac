import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { useInvalidateUsers } from './invalidate';

export type CreateRoleInput = BodyOf<'/api/user/role/insert'>;
export type UpdateRoleInput = BodyOf<'/api/user/role/update'>;

/** Create a custom role owned by the caller, with keys the caller holds. */
export function createRole(input: CreateRoleInput) {
  return post('/api/user/role/insert', input);
}

/** Rename a custom role and/or replace its keys. */
export function updateRole(input: UpdateRoleInput) {
  return post('/api/user/role/update', input);
}

export function useCreateRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createRole, onSuccess: invalidate });
}

export function useUpdateRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updateRole, onSuccess: invalidate });
}
