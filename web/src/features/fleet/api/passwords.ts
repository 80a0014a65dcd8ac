import { keepPreviousData, queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type PasswordViewFilter = BodyOf<'/api/device/selectViewPwdPageList'>;
export type PasswordViewPage = DataOf<'/api/device/selectViewPwdPageList'>;
export type PasswordView = PasswordViewPage['list'][number];

/** Who looked at which device's maintenance password, newest first (paged). */
export function getPasswordViews(filter: PasswordViewFilter, signal?: AbortSignal) {
  return post('/api/device/selectViewPwdPageList', filter, { signal });
}

export const getPasswordViewsOptions = (filter: PasswordViewFilter) =>
  queryOptions({ queryKey: deviceKeys.passwordViews('list', filter), queryFn: () => getPasswordViews(filter), placeholderData: keepPreviousData });

export const usePasswordViews = (filter: PasswordViewFilter, enabled = true) => useQuery({ ...getPasswordViewsOptions(filter), enabled });

/** Show a device's maintenance password; the server records who looked and when. */
export function viewPassword(body: BodyOf<'/api/device/selectPasswordByDeviceId'>) {
  return post('/api/device/selectPasswordByDeviceId', body);
}

export function useViewPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: viewPassword,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.passwordViews() }),
  });
}
