import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceGroupsKey } from './get-device-groups';

export function insertDeviceGroup(body: BodyOf<'/api/deviceGroup/insert'>) {
  return post('/api/deviceGroup/insert', body);
}

export function useInsertDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertDeviceGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceGroupsKey }),
  });
}
