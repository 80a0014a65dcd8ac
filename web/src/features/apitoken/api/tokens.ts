import { keepPreviousData, queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { tokenKeys } from './keys';

export type TokenFilter = BodyOf<'/api/integration/token/list'>;
export type TokenRow = DataOf<'/api/integration/token/list'>['list'][number];

/** The API tokens of the user's branch (never the tokens themselves), newest first, paged. */
export function getTokens(filter: TokenFilter, signal?: AbortSignal) {
  return post('/api/integration/token/list', filter, { signal });
}

export const getTokensOptions = (filter: TokenFilter) =>
  queryOptions({ queryKey: tokenKeys.list(filter), queryFn: ({ signal }) => getTokens(filter, signal), placeholderData: keepPreviousData });

export const useTokens = (filter: TokenFilter) => useQuery(getTokensOptions(filter));

export type NewToken = BodyOf<'/api/integration/token/insert'>;
export type CreatedToken = DataOf<'/api/integration/token/insert'>;

function useTokenChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void client.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

/** Create a token for the signed-in user: the answer carries the whole token, this once. */
export const useCreateToken = () => useTokenChange((body: NewToken) => post('/api/integration/token/insert', body));
/** Revoke a token of the branch, at once. */
export const useRevokeToken = () =>
  useTokenChange((body: BodyOf<'/api/integration/token/delete'>) => post('/api/integration/token/delete', body));

export type GrantableKeys = DataOf<'/api/integration/token/keys'>;
export type GrantableKey = GrantableKeys['list'][number];

/** The permission keys the user may give a token (its own, in menu order) and the limits (longest expiry). */
export function getGrantableKeys(signal?: AbortSignal) {
  return post('/api/integration/token/keys', {}, { signal });
}

export const getGrantableKeysOptions = () =>
  queryOptions({ queryKey: tokenKeys.grantable(), queryFn: ({ signal }) => getGrantableKeys(signal), staleTime: 60_000 });

export const useGrantableKeys = (enabled = true) => useQuery({ ...getGrantableKeysOptions(), enabled });
