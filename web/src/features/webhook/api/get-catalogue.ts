import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { webhookKeys } from './keys';

export type WebhookCatalogue = DataOf<'/api/integration/webhook/catalogue'>;
export type CatalogueEvent = WebhookCatalogue['events'][number];

/** Every event a subscription may ask for, with its group, the key it needs, its schema and a sample. */
export function getCatalogue(signal?: AbortSignal) {
  return post('/api/integration/webhook/catalogue', {}, { signal });
}

export const getCatalogueOptions = () =>
  queryOptions({ queryKey: webhookKeys.catalogue(), queryFn: ({ signal }) => getCatalogue(signal), staleTime: Infinity });

export const useCatalogue = () => useQuery(getCatalogueOptions());
