/**
 * The push calls (issue 32 item 3): the server's key, the signed-in user's subscribed browsers, subscribe,
 * remove, test. Every one is the user's own: no page key is needed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post, type CallOptions } from '@/api/client';
import type { DataOf } from '@/api/types';
import { pushKeys } from './keys';

export type PushDevice = DataOf<'/api/push/list'>[number];
export type PushKey = DataOf<'/api/push/key'>;

export function getPushKey(options?: CallOptions) {
  return post('/api/push/key', {}, options);
}

export function listPushDevices(endpoint: string | null, options?: CallOptions) {
  return post('/api/push/list', endpoint ? { endpoint } : {}, options);
}

export interface NewSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  label: string;
}

export function subscribePush(subscription: NewSubscription, options?: CallOptions) {
  return post('/api/push/subscribe', subscription, options);
}

/** Removes one subscription: this browser's by its endpoint, any of the user's by id. */
export function unsubscribePush(which: { endpoint: string } | { id: number }, options?: CallOptions) {
  return post('/api/push/unsubscribe', which, options);
}

export function sendTestPush(options?: CallOptions) {
  return post('/api/push/test', {}, options);
}

export function usePushKey(enabled: boolean) {
  return useQuery({ queryKey: pushKeys.key(), queryFn: ({ signal }) => getPushKey({ signal }), enabled, staleTime: Infinity });
}

/** The user's browsers; `endpoint` (this browser's, or null) marks the current one. */
export function usePushDevices(endpoint: string | null, enabled: boolean) {
  return useQuery({
    queryKey: pushKeys.list(endpoint),
    queryFn: ({ signal }) => listPushDevices(endpoint, { signal }),
    enabled,
  });
}

function useAfterChange() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: pushKeys.all });
}

export function useRemovePushDevice() {
  const refresh = useAfterChange();
  return useMutation({ mutationFn: (id: number) => unsubscribePush({ id }, { quiet: true }), onSettled: refresh });
}

export function useSendTestPush() {
  const refresh = useAfterChange();
  return useMutation({ mutationFn: () => sendTestPush({ quiet: true }), onSettled: refresh });
}

export { useAfterChange as useRefreshPushDevices };
