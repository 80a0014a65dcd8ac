import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { tokenKeys } from './keys';

export type GrantableKeys = DataOf<'/api/integration/token/keys'>;
export type GrantableKey = GrantableKeys['list'][number];

/** The permission keys the user may give a token (its own, in menu order) and the limits (longest expiry). */
export function getGrantableKeys(signal?: AbortSignal) {
  return post('/api/integration/token/keys', {}, { signal });
}

export const getGrantableKeysOptions = () =>
  queryOptions({ queryKey: tokenKeys.grantable(), queryFn: ({ signal }) => getGrantableKeys(signal), staleTime: 60_000 });

export const useGrantableKeys = (enabled = true) => useQuery({ ...getGrantableKeysOptions(), enabled });
