import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';

export const consumablesKey = (serialNumber: string) => ['device', 'consumables', serialNumber] as const;

/** The device's seven consumables with replace date, used and life hours, and whether each is due. */
export function consumablesQueryOptions(serialNumber: string) {
  return queryOptions({
    queryKey: consumablesKey(serialNumber),
    queryFn: ({ signal }) => post('/api/deviceConsumable/consumableInfo', { deviceSerialNumber: serialNumber }, { signal }),
  });
}

export function useConsumables(serialNumber: string) {
  return useQuery(consumablesQueryOptions(serialNumber));
}
