import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceListKey } from './get-devices';
import { deviceTypesKey } from './get-device-types';

export function updateDeviceType(body: BodyOf<'/api/device/updateDeviceType'>) {
  return post('/api/device/updateDeviceType', body);
}

export function useUpdateDeviceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeviceType,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deviceTypesKey });
      // Listed devices show their type's name and image.
      void queryClient.invalidateQueries({ queryKey: deviceListKey() });
    },
  });
}
