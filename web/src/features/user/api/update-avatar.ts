import { useMutation } from '@tanstack/react-query';
import { post, postForm } from '@/api/client';
import { useInvalidateUsers } from './invalidate';

/** Upload the (cropped) avatar image, then make it the caller's avatar; answers the user. */
export async function updateAvatar({ image, userId, account }: { image: Blob; userId: number; account: string }) {
  const form = new FormData();
  form.append('file', image, 'avatar.png');
  const uploaded = await postForm('/api/user/uploadHeadPicture', form);
  return post('/api/user/updateHeadPicture', { url: uploaded.url, userId, account });
}

export function useUpdateAvatar() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updateAvatar, onSuccess: invalidate });
}
