import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from './keys';

/** The device's seven consumables with replace date, used and life hours, and whether each is due. */
export function consumablesQueryOptions(serialNumber: string) {
  return queryOptions({
    queryKey: deviceKeys.consumables(serialNumber),
    queryFn: ({ signal }) => post('/api/deviceConsumable/consumableInfo', { deviceSerialNumber: serialNumber }, { signal }),
  });
}

export function useConsumables(serialNumber: string) {
  return useQuery(consumablesQueryOptions(serialNumber));
}
