import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { ssoKeys } from './keys';

export type ProviderRow = DataOf<'/api/sso/provider/list'>[number];
export type ProviderBody = BodyOf<'/api/sso/provider/add'>;
export type ProviderTest = DataOf<'/api/sso/provider/test'>;
export type RoleChoice = DataOf<'/api/sso/provider/roles'>[number];

/** The identity providers of the user's branch (never a client secret). */
export const providersOptions = () =>
  queryOptions({ queryKey: ssoKeys.list(), queryFn: ({ signal }) => post('/api/sso/provider/list', {}, { signal }) });

export const useProviders = () => useQuery(providersOptions());

/** The roles a group may map to where its people land (visible there, every key held by the user). */
export const useRoleChoices = (nodeId: number | null) =>
  useQuery({
    queryKey: ssoKeys.roles(nodeId),
    queryFn: ({ signal }) => post('/api/sso/provider/roles', nodeId === null ? {} : { nodeId }, { signal }),
    staleTime: 60_000,
  });

function useProviderChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: ssoKeys.all }) });
}

export const useAddProvider = () => useProviderChange((body: ProviderBody) => post('/api/sso/provider/add', body));
export const useEditProvider = () =>
  useProviderChange((body: BodyOf<'/api/sso/provider/edit'>) => post('/api/sso/provider/edit', body));
export const useDeleteProvider = () =>
  useProviderChange((body: BodyOf<'/api/sso/provider/delete'>) => post('/api/sso/provider/delete', body));

/** What a provider says about itself now (its discovery document and keys): a saved one's, or an issuer's. */
export const useTestProvider = () =>
  useMutation({ mutationFn: (body: BodyOf<'/api/sso/provider/test'>) => post('/api/sso/provider/test', body, { quiet: true }) });
