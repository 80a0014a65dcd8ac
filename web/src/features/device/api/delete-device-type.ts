import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from '@/api/device/keys';

export function deleteDeviceType(typeId: number) {
  return post('/api/device/deleteDeviceType', { typeId });
}

export function useDeleteDeviceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeviceType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.types() }),
  });
}
