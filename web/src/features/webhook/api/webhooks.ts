import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf, BodyOf } from '@/api/types';
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

export type NewWebhook = BodyOf<'/api/integration/webhook/add'>;
export type EditedWebhook = BodyOf<'/api/integration/webhook/edit'>;
/** A subscription with its secret: answered by create and rotate only, shown once. */
export type WebhookWithSecret = DataOf<'/api/integration/webhook/add'>;
type Id = BodyOf<'/api/integration/webhook/delete'>;

function useWebhookChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhook = () => useWebhookChange((body: NewWebhook) => post('/api/integration/webhook/add', body));
export const useEditWebhook = () => useWebhookChange((body: EditedWebhook) => post('/api/integration/webhook/edit', body));
export const useDeleteWebhook = () => useWebhookChange((body: Id) => post('/api/integration/webhook/delete', body));
export const useRotateSecret = () => useWebhookChange((body: Id) => post('/api/integration/webhook/rotate', body));
export const useResumeWebhook = () => useWebhookChange((body: Id) => post('/api/integration/webhook/resume', body));
/** Queue a webhook.test event for one subscription (it goes at the sender's next round). */
export const useSendTest = () => useWebhookChange((body: Id) => post('/api/integration/webhook/test', body));
/** Send a delivery again now, as a new attempt. */
export const useReplayDelivery = () =>
  useWebhookChange((body: BodyOf<'/api/integration/webhook/replay'>) => post('/api/integration/webhook/replay', body));
