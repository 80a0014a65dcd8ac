import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post, postForm } from '@/api/client';
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

/** Upload a type's image (one PNG, JPEG, GIF or WebP of at most 2 MB); the answer's typeUrl is saved with the type. */
export function uploadTypeImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return postForm('/api/device/uploadTypeImage', form);
}

export function useUploadTypeImage() {
  return useMutation({ mutationFn: uploadTypeImage });
}
