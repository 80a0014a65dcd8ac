import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
