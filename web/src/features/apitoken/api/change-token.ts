import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { tokenKeys } from './keys';

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
