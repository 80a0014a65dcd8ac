import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';

export const maintenanceKey = (serialNumber: string) => ['device', 'maintenance', serialNumber] as const;

/** The device's maintenance reminders with their next due time. */
export function maintenanceQueryOptions(serialNumber: string) {
  return queryOptions({
    queryKey: maintenanceKey(serialNumber),
    queryFn: ({ signal }) => post('/api/maintain/findMaintainBySn', { deviceSerialNumber: serialNumber }, { signal }),
  });
}

export function useMaintenance(serialNumber: string) {
  return useQuery(maintenanceQueryOptions(serialNumber));
}
