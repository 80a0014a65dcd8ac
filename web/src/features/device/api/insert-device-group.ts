import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export function insertDeviceGroup(body: BodyOf<'/api/deviceGroup/insert'>) {
  return post('/api/deviceGroup/insert', body);
}

export function useInsertDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertDeviceGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.groups() }),
  });
}
