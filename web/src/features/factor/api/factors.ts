import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { factorKeys } from './keys';

export type FactorStatus = DataOf<'/api/factors/status'>;
export type Passkey = FactorStatus['passkeys'][number];
export type Policy = DataOf<'/api/factors/policy/get'>;
export type Confirm = BodyOf<'/api/factors/totp/remove'>;

/** The person's own factors: the authenticator app, recovery codes left, passkeys, what the branch requires. */
export const useFactorStatus = () =>
  useQuery({ queryKey: factorKeys.status(), queryFn: ({ signal }) => post('/api/factors/status', {}, { signal }) });

function useFactorChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: factorKeys.all }) });
}

export const useTotpStart = () => useMutation({ mutationFn: () => post('/api/factors/totp/start', {}) });
export const useTotpConfirm = () => useFactorChange((code: string) => post('/api/factors/totp/confirm', { code }, { quiet: true }));
export const useTotpRemove = () => useFactorChange((body: Confirm) => post('/api/factors/totp/remove', body, { quiet: true }));
export const useRegenerateRecovery = () =>
  useFactorChange((body: Confirm) => post('/api/factors/recovery/regenerate', body, { quiet: true }));

export const passkeyOptions = () => post('/api/factors/passkey/options', {});
export const useAddPasskey = () =>
  useFactorChange((body: BodyOf<'/api/factors/passkey/add'>) => post('/api/factors/passkey/add', body, { quiet: true }));
export const useRenamePasskey = () =>
  useFactorChange((body: BodyOf<'/api/factors/passkey/rename'>) => post('/api/factors/passkey/rename', body));
export const useRemovePasskey = () => useFactorChange((id: number) => post('/api/factors/passkey/remove', { id }));

/** A node's sign-in policy (key user/index/factor_policy): its own and the one in force there. */
export const usePolicy = (userId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: factorKeys.policy(userId),
    queryFn: ({ signal }) => post('/api/factors/policy/get', userId === null ? {} : { userId }, { signal }),
    enabled,
  });
export const useSetPolicy = () =>
  useFactorChange((body: BodyOf<'/api/factors/policy/set'>) => post('/api/factors/policy/set', body));
