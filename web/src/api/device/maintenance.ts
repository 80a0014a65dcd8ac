import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from './keys';

/** The device's maintenance reminders with their next due time. */
export function maintenanceQueryOptions(serialNumber: string) {
  return queryOptions({
    queryKey: deviceKeys.maintenance(serialNumber),
    queryFn: ({ signal }) => post('/api/maintain/findMaintainBySn', { deviceSerialNumber: serialNumber }, { signal }),
  });
}

export function useMaintenance(serialNumber: string) {
  return useQuery(maintenanceQueryOptions(serialNumber));
}
