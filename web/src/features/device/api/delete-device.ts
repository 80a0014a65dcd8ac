import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { removeListedDevice } from './device-list-cache';
import { deviceKeys } from '@/api/device/keys';

export function deleteDevice(deviceId: number) {
  return post('/api/device/deleteDevice', { deviceId });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: ({ deviceId }) => {
      removeListedDevice(queryClient, deviceId);
      void queryClient.invalidateQueries({ queryKey: deviceKeys.groups() });
    },
  });
}
