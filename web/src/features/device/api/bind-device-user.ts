import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { replaceListedDevice } from './device-list-cache';

/** Bind a device to a user of the subtree, or (userId null) take it back to the caller. */
export function bindDeviceUser({ deviceId, userId }: { deviceId: number; userId: number | null }) {
  return post('/api/device/updateUserDeviceStatus', userId === null ? { deviceId, status: 0 } : { deviceId, userId, status: 1 });
}

export function useBindDeviceUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindDeviceUser,
    onSuccess: (device) => replaceListedDevice(queryClient, device),
  });
}
