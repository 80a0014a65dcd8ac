import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { sessionKeys } from './keys';

export type SessionsAnswer = DataOf<'/api/session/list'>;
export type SessionRow = SessionsAnswer['sessions'][number];
export type SessionTokenRow = SessionsAnswer['tokens'][number];

/** The live console sessions and API tokens of the signed-in person (`userId` null) or of a user of its branch. */
export function getSessions(userId: number | null, signal?: AbortSignal) {
  return post('/api/session/list', userId === null ? {} : { userId }, { signal });
}

export const getSessionsOptions = (userId: number | null) =>
  queryOptions({ queryKey: sessionKeys.list(userId), queryFn: ({ signal }) => getSessions(userId, signal) });

export const useSessions = (userId: number | null) => useQuery(getSessionsOptions(userId));

function useSessionChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** End one session (not this one): refused at once, its browser is sent to the sign-in page at its next call. */
export const useEndSession = () => useSessionChange((body: BodyOf<'/api/session/end'>) => post('/api/session/end', body));
/** End every other session of the person (or every session of a user of the branch). */
export const useEndOtherSessions = () =>
  useSessionChange((body: BodyOf<'/api/session/endOthers'>) => post('/api/session/endOthers', body));
/** Revoke one API token, at once. */
export const useRevokeSessionToken = () =>
  useSessionChange((body: BodyOf<'/api/session/revokeToken'>) => post('/api/session/revokeToken', body));
