/**
 * The password switch of a tenant (issue 46): whether the robots of a user's subtree may still sign in to the
 * broker with a password rather than a certificate, and how many do (/api/passwordRobots/get and /set).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { passwordRobotsKeys } from './keys';

export type PasswordRobots = DataOf<'/api/passwordRobots/get'>;
export type PasswordRobotsChange = BodyOf<'/api/passwordRobots/set'>;

export function passwordRobotsQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: passwordRobotsKeys.of(userId),
    queryFn: ({ signal }) => post('/api/passwordRobots/get', userId === null ? {} : { userId }, { signal, quiet: true }),
    staleTime: 15_000,
  });
}

export function usePasswordRobots(userId: number | null) {
  return useQuery(passwordRobotsQueryOptions(userId));
}

export function useSetPasswordRobots() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordRobotsChange) => post('/api/passwordRobots/set', body),
    onSuccess: (data) => client.setQueryData(passwordRobotsKeys.of(data.userId), data),
    onSettled: () => void client.invalidateQueries({ queryKey: passwordRobotsKeys.all }),
  });
}
