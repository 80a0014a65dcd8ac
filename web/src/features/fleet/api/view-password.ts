import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Show a device's maintenance password; the server records who looked and when. */
export function viewPassword(body: BodyOf<'/api/device/selectPasswordByDeviceId'>) {
  return post('/api/device/selectPasswordByDeviceId', body);
}

export function useViewPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: viewPassword,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.passwordViews() }),
  });
}
