import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { webhookKeys } from './keys';

export type WebhookList = DataOf<'/api/integration/webhook/list'>;
export type WebhookRow = WebhookList['list'][number];

/** The signed-in user's webhook subscriptions (never their secrets), with their last attempt. */
export function getWebhooks(signal?: AbortSignal) {
  return post('/api/integration/webhook/list', {}, { signal });
}

/** Refreshed every 10 s: a subscription's last delivery and state change as the sender works. */
export const getWebhooksOptions = () =>
  queryOptions({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => getWebhooks(signal), refetchInterval: 10_000 });

export const useWebhooks = () => useQuery(getWebhooksOptions());
