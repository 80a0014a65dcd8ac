import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { reloadDeviceLists } from './device-list-cache';
import type { DeviceInsertBody } from '@/api/device/types';

export function insertDevice(body: DeviceInsertBody) {
  return post('/api/device/insertDevice', body);
}

/** Adds a device; the answer carries its secret, shown this once. */
export function useInsertDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertDevice,
    onSuccess: () => void reloadDeviceLists(queryClient),
  });
}
