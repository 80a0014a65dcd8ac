/**
 * Robot health calls read from more than one place (issue 36 item 3): the fleet view (features/health) and a
 * robot's panel on the device page (features/fleet). Their query keys share the prefix `robothealth`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { healthKeys } from './keys';

export type HealthListBody = BodyOf<'/api/robothealth/list'>;
export type HealthPage = DataOf<'/api/robothealth/list'>;
export type HealthRow = HealthPage['list'][number];
export type HealthReason = HealthRow['reasons'][number];
export type Grade = HealthRow['grade'];
export type DeviceHealth = NonNullable<DataOf<'/api/robothealth/device'>['health']>;
export type HealthIndicator = DeviceHealth['indicators'][number];
export type IndicatorKey = HealthIndicator['indicator'];

export const GRADES: readonly Grade[] = ['A', 'B', 'C', 'D'];

/** The branch's robots with their grade and reasons, drifting first, and the robots per grade. */
export function useHealthList(body: HealthListBody) {
  return useQuery({
    queryKey: healthKeys.list(body),
    queryFn: ({ signal }) => post('/api/robothealth/list', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** One robot's indicators against its peers (as the last scan graded them). */
export function useDeviceHealth(deviceId: number, enabled = true) {
  return useQuery({
    queryKey: healthKeys.device(deviceId),
    queryFn: ({ signal }) => post('/api/robothealth/device', { deviceId }, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
