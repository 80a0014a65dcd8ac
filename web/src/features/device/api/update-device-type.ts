import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export function updateDeviceType(body: BodyOf<'/api/device/updateDeviceType'>) {
  return post('/api/device/updateDeviceType', body);
}

export function useUpdateDeviceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeviceType,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.types() });
      // Listed devices show their type's name and image.
      void queryClient.invalidateQueries({ queryKey: deviceKeys.list() });
    },
  });
}
