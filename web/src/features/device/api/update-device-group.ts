import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export function updateDeviceGroup(body: BodyOf<'/api/deviceGroup/update'>) {
  return post('/api/deviceGroup/update', body);
}

export function useUpdateDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeviceGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.groups() }),
  });
}
