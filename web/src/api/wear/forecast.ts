/**
 * Wear forecast calls read from more than one place (issue 36): a robot's forecast (the device page's panel,
 * features/fleet) and the fleet page (features/wear). Their query keys share the prefix `wear`.
 */
import { useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { wearKeys } from './keys';

export type DeviceWear = DataOf<'/api/wear/device'>;
export type WearPart = DeviceWear['list'][number];
export type Sureness = WearPart['sureness'];

/** One robot's forecast, computed by the server now. */
export function useDeviceWear(serial: string, enabled = true) {
  return useQuery({
    queryKey: wearKeys.device(serial),
    queryFn: ({ signal }) => post('/api/wear/device', { deviceSerialNumber: serial }, { signal }),
    enabled,
  });
}
