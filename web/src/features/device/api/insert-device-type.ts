import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export function insertDeviceType(body: BodyOf<'/api/device/insertDeviceType'>) {
  return post('/api/device/insertDeviceType', body);
}

export function useInsertDeviceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertDeviceType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.types() }),
  });
}
