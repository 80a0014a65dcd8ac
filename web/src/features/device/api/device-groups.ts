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
