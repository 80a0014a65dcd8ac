import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceTypesKey } from './get-device-types';

export function deleteDeviceType(typeId: number) {
  return post('/api/device/deleteDeviceType', { typeId });
}

export function useDeleteDeviceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeviceType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceTypesKey }),
  });
}
