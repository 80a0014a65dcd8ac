import { queryOptions, useQuery, keepPreviousData, useMutation } from '@tanstack/react-query';
import { post, type CallOptions, postForm } from '@/api/client';
import { userKeys } from './keys';
import type { UserInfoParams, UserSearchParams } from './types';
import type { BodyOf } from '@/api/types';
import { useInvalidateUsers } from './invalidate';

/** A user's details (default the caller) and, with showChild, one page of its child users. */
export function getUserInfo(params: UserInfoParams, signal?: AbortSignal) {
  return post('/api/user/selectUserInfo', params, { signal });
}

export function userInfoQueryOptions(params: UserInfoParams) {
  return queryOptions({ queryKey: userKeys.info(params), queryFn: ({ signal }) => getUserInfo(params, signal) });
}

export function useUserInfo(params: UserInfoParams, enabled = true) {
  return useQuery({ ...userInfoQueryOptions(params), enabled });
}

/** Accounts of the caller's subtree by account or name text and by level; paged. */
export function searchUsers(params: UserSearchParams, signal?: AbortSignal) {
  return post('/api/user/selectUserList', params, { signal });
}

export function searchUsersQueryOptions(params: UserSearchParams) {
  return queryOptions({ queryKey: userKeys.search(params), queryFn: ({ signal }) => searchUsers(params, signal) });
}

export function useSearchUsers(params: UserSearchParams, enabled = true) {
  return useQuery({ ...searchUsersQueryOptions(params), enabled, placeholderData: keepPreviousData });
}

export type CreateUserInput = BodyOf<'/api/user/insertUser'>;

/** Create a child account one level below its parent (default the caller). */
export function createUser(input: CreateUserInput) {
  return post('/api/user/insertUser', input);
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createUser, onSuccess: invalidate });
}

export type UpdateUserInfoInput = BodyOf<'/api/user/updateUserInfo'>;

/** Edit a profile: the caller's own (no userId) or a child user's. */
export function updateUserInfo(input: UpdateUserInfoInput, options?: CallOptions) {
  return post('/api/user/updateUserInfo', input, options);
}

export function useUpdateUserInfo(options?: CallOptions) {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (input: UpdateUserInfoInput) => updateUserInfo(input, options), onSuccess: invalidate });
}

export type UpdatePermissionInput = BodyOf<'/api/user/updateUserPermission'>;

/** Replace a child user's roles and/or role group (a field left out is kept). */
export function updateUserPermission(input: UpdatePermissionInput, options?: CallOptions) {
  return post('/api/user/updateUserPermission', input, options);
}

export function useUpdateUserPermission() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (input: UpdatePermissionInput) => updateUserPermission(input), onSuccess: invalidate });
}

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

/** Give a child user a new random initial password (answered once) and sign it out. */
export function resetInitialPassword(userId: number) {
  return post('/api/user/updateInitialPassword', { userId });
}

export function useResetInitialPassword() {
  return useMutation({ mutationFn: resetInitialPassword });
}

export type UpdatePasswordInput = BodyOf<'/api/user/updatePassword'>;

/** Change the caller's own password (quiet: the dialog shows the failure, 'modify failed' offline). */
export function updatePassword(input: UpdatePasswordInput) {
  return post('/api/user/updatePassword', input, { quiet: true });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}

/** Upload the (cropped) avatar image, then make it the caller's avatar; answers the user. */
export async function updateAvatar({ image, userId, account }: { image: Blob; userId: number; account: string }) {
  const form = new FormData();
  form.append('file', image, 'avatar.png');
  const uploaded = await postForm('/api/user/uploadHeadPicture', form);
  return post('/api/user/updateHeadPicture', { url: uploaded.url, userId, account });
}

export function useUpdateAvatar() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updateAvatar, onSuccess: invalidate });
}

/** Send a test mail through the server's SMTP settings to every saved mailbox of the user. */
export function sendTestMail(userId: number | null) {
  return post('/api/user/testMail', userId === null ? {} : { userId });
}

export function useSendTestMail() {
  return useMutation({ mutationFn: sendTestMail });
}
