import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { replaceListedDevice } from './device-list-cache';
import type { DeviceUpdateBody } from '@/api/device/types';

export function updateDevice(body: DeviceUpdateBody) {
  return post('/api/device/updateDeviceInfo', body);
}

export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: (device) => replaceListedDevice(queryClient, device),
  });
}
