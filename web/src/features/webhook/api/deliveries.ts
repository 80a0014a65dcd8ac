import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { webhookKeys } from './keys';

export type DeliveryFilter = BodyOf<'/api/integration/webhook/deliveries'>;
export type DeliveryRow = DataOf<'/api/integration/webhook/deliveries'>['list'][number];

/** A subscription's deliveries, newest first, each with its attempts. */
export function getDeliveries(filter: DeliveryFilter, signal?: AbortSignal) {
  return post('/api/integration/webhook/deliveries', filter, { signal });
}

/** Refreshed every few seconds while something is pending, so a delivery's outcome shows without a reload. */
export const getDeliveriesOptions = (filter: DeliveryFilter) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(filter),
    queryFn: ({ signal }) => getDeliveries(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((row) => row.state === 'pending') ? 2000 : false),
  });

export const useDeliveries = (filter: DeliveryFilter) => useQuery(getDeliveriesOptions(filter));
