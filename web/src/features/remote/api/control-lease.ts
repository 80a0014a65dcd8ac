import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { post } from '@/api/client';
import { useLiveEvent, useLiveStatus } from '@/lib/live/connection';
import type { DataOf } from '@/api/types';
import type { LeaseMinutes } from '../lib/lease';
import { remoteKeys } from './keys';

export type ControlLease = DataOf<'/api/device/control/state'>;

/**
 * Who holds the robot's remote control, until when, and whether the viewer may release it; read again at
 * once when the socket says the lease changed (someone took or released it), every 10 s as a safety net.
 */
export function getControlState(deviceId: number) {
  return post('/api/device/control/state', { deviceId });
}

export const controlStateOptions = (deviceId: number) =>
  queryOptions({
    queryKey: remoteKeys.robot(deviceId, 'lease'),
    queryFn: () => getControlState(deviceId),
    refetchInterval: 10_000,
  });

export function useControlState(deviceId: number) {
  const client = useQueryClient();
  useLiveEvent('leases', (leases) => {
    if (leases.some((lease) => lease.deviceId === deviceId)) void client.invalidateQueries({ queryKey: remoteKeys.robot(deviceId, 'lease') });
  });
  useLiveEvent('resync', () => void client.invalidateQueries({ queryKey: remoteKeys.robot(deviceId, 'lease') }));
  // a change between the page's own read and the socket's subscription is pushed to nobody: read again once
  // the socket is (re)open, so a viewer never waits for the 10 s poll to learn who took control meanwhile
  const status = useLiveStatus();
  const wasOpen = useRef(status === 'open');
  useEffect(() => {
    const opened = status === 'open' && !wasOpen.current;
    wasOpen.current = status === 'open';
    if (opened) void client.invalidateQueries({ queryKey: remoteKeys.robot(deviceId, 'lease') });
  }, [status, client, deviceId]);
  return useQuery(controlStateOptions(deviceId));
}

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
