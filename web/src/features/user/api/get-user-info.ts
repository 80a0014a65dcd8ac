import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { userKeys } from './keys';
import type { UserInfoParams } from './types';

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
