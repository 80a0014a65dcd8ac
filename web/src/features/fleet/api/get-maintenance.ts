import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { fleetKeys } from './keys';

export type Maintenance = DataOf<'/api/maintain/findMaintainBySn'>;
export type Reminder = Maintenance['list'][number];

/** A device's maintenance reminders with their next due time. */
export function getMaintenance(deviceSerialNumber: string, signal?: AbortSignal) {
  return post('/api/maintain/findMaintainBySn', { deviceSerialNumber }, { signal });
}

export const maintenanceOptions = (deviceId: number, deviceSerialNumber: string) =>
  queryOptions({
    queryKey: fleetKeys.device(deviceId, 'maintenance'),
    queryFn: () => getMaintenance(deviceSerialNumber),
  });

export const useMaintenance = (deviceId: number, deviceSerialNumber: string) =>
  useQuery(maintenanceOptions(deviceId, deviceSerialNumber));
