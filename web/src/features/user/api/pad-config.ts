import { useMutation } from '@tanstack/react-query';
import { post, postForm } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { useInvalidateUsers } from './invalidate';
import type { PadSlot } from './types';

export type PadConfigInput = BodyOf<'/api/user/updatePadConfig'>;

/** Upload one pad image (exactly its slot's size); answers its url for the customisation. */
export async function uploadPadImage(slot: PadSlot, image: Blob, name: string) {
  const form = new FormData();
  form.append('slot', slot);
  form.append('file', image, name);
  return postForm('/api/user/uploadPadImage', form);
}

/** Save the dealer's pad customisation (images, about-us text, theme colour). */
export function updatePadConfig(input: PadConfigInput) {
  return post('/api/user/updatePadConfig', input);
}

export function useUpdatePadConfig() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updatePadConfig, onSuccess: invalidate });
}
