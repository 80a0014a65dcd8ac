/** Query keys of the webhook calls: the subscriptions, the catalogue and a subscription's deliveries. */
export const webhookKeys = {
  all: ['webhook'] as const,
  list: () => ['webhook', 'list'] as const,
  catalogue: (language: string) => ['webhook', 'catalogue', language] as const,
  deliveries: (...rest: unknown[]) => ['webhook', 'deliveries', ...rest] as const,
};
