import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Edit a transfer node (only the fields sent change). */
export function editNode(body: BodyOf<'/api/wmDeviceHostInfo/edit'>) {
  return post('/api/wmDeviceHostInfo/edit', body);
}

export function useEditNode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editNode,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.hosts() }),
  });
}
