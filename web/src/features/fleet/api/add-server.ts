import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Add a server. */
export function addServer(body: BodyOf<'/api/host/add'>) {
  return post('/api/host/add', body);
}

export function useAddServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addServer,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.hosts() }),
  });
}
