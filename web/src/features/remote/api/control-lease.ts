import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import type { LeaseMinutes } from '../lib/lease';
import { remoteKeys } from './keys';

export type ControlLease = DataOf<'/api/device/control/state'>;

/** Who holds the robot's remote control, until when; read again every 10 s (others may take it). */
export function getControlState(deviceId: number) {
  return post('/api/device/control/state', { deviceId });
}

export const controlStateOptions = (deviceId: number) =>
  queryOptions({
    queryKey: remoteKeys.robot(deviceId, 'lease'),
    queryFn: () => getControlState(deviceId),
    refetchInterval: 10_000,
  });

export const useControlState = (deviceId: number) => useQuery(controlStateOptions(deviceId));

/** Take (or extend) control for 10, 30, 60, 120 minutes or long term (0). */
export function useTakeControl(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (minutes: LeaseMinutes) => post('/api/device/control/take', { deviceId, minutes }),
    onSuccess: (lease) => client.setQueryData(remoteKeys.robot(deviceId, 'lease'), lease),
    onError: () => void client.invalidateQueries({ queryKey: remoteKeys.robot(deviceId, 'lease') }),
  });
}

/** Give control back (the holder, or a user above the holder). */
export function useReleaseControl(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => post('/api/device/control/release', { deviceId }),
    onSuccess: (lease) => client.setQueryData(remoteKeys.robot(deviceId, 'lease'), lease),
    onError: () => void client.invalidateQueries({ queryKey: remoteKeys.robot(deviceId, 'lease') }),
  });
}
