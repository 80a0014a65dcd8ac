import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceTypesKey } from './get-device-types';

export function insertDeviceType(body: BodyOf<'/api/device/insertDeviceType'>) {
  return post('/api/device/insertDeviceType', body);
}

export function useInsertDeviceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertDeviceType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceTypesKey }),
  });
}
