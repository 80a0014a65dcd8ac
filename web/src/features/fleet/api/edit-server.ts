import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Edit a server (only the fields sent change). */
export function editServer(body: BodyOf<'/api/host/edit'>) {
  return post('/api/host/edit', body);
}

export function useEditServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editServer,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.hosts() }),
  });
}
