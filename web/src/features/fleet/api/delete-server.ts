import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Delete a server. */
export function deleteServer(body: BodyOf<'/api/host/del'>) {
  return post('/api/host/del', body);
}

export function useDeleteServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteServer,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.hosts() }),
  });
}
