import { useMutation } from '@tanstack/react-query';
import { postForm } from '@/api/client';

/** Upload a type's image (one PNG, JPEG, GIF or WebP of at most 2 MB); the answer's typeUrl is saved with the type. */
export function uploadTypeImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return postForm('/api/device/uploadTypeImage', form);
}

export function useUploadTypeImage() {
  return useMutation({ mutationFn: uploadTypeImage });
}
