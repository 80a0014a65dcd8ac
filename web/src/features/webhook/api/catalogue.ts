import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { webhookKeys } from './keys';

export type WebhookCatalogue = DataOf<'/api/integration/webhook/catalogue'>;
export type CatalogueEvent = WebhookCatalogue['events'][number];
export type CatalogueGroup = WebhookCatalogue['groups'][number];

/** Every event a subscription may ask for, with its group, the key it needs, its schema and a sample; the groups
 * named in the reader's language (so the query is kept per language). */
export function getCatalogue(signal?: AbortSignal) {
  return post('/api/integration/webhook/catalogue', {}, { signal });
}

export const getCatalogueOptions = (language: string) =>
  queryOptions({ queryKey: webhookKeys.catalogue(language), queryFn: ({ signal }) => getCatalogue(signal), staleTime: Infinity });

export function useCatalogue() {
  const { i18n } = useTranslation();
  return useQuery(getCatalogueOptions(i18n.language));
}
