import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { fleetKeys } from './keys';

/** Add a server. */
export function addServer(body: BodyOf<'/api/host/add'>) {
  return post('/api/host/add', body);
}

export function useAddServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addServer,
    onSuccess: () => client.invalidateQueries({ queryKey: fleetKeys.hosts() }),
  });
}
