import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { fleetKeys } from './keys';

export type Consumables = DataOf<'/api/deviceConsumable/consumableInfo'>;
export type Consumable = Consumables['list'][number];

/** A device's seven consumables: replace date, used and life hours, and whether each is due. */
export function getConsumables(deviceSerialNumber: string, signal?: AbortSignal) {
  return post('/api/deviceConsumable/consumableInfo', { deviceSerialNumber }, { signal });
}

export const consumablesOptions = (deviceId: number, deviceSerialNumber: string) =>
  queryOptions({
    queryKey: fleetKeys.device(deviceId, 'consumables'),
    queryFn: () => getConsumables(deviceSerialNumber),
  });

export const useConsumables = (deviceId: number, deviceSerialNumber: string) =>
  useQuery(consumablesOptions(deviceId, deviceSerialNumber));
