import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from '@/api/device/keys';

export function deleteDeviceGroup(id: number) {
  return post('/api/deviceGroup/delete', { id });
}

export function useDeleteDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeviceGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.groups() }),
  });
}
