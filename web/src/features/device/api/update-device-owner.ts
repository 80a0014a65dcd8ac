import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { replaceListedDevice } from './device-list-cache';

export interface OwnerChange {
  deviceId: number;
  userId: number;
  elevatorId: number | null;
}

/** Edit owner or elevator (updateDeviceUserInfo). */
export function updateDeviceOwner(change: OwnerChange) {
  return post('/api/device/updateDeviceUserInfo', change);
}

export function useUpdateDeviceOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeviceOwner,
    onSuccess: (device) => replaceListedDevice(queryClient, device),
  });
}
