import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Delete a transfer node. */
export function deleteNode(body: BodyOf<'/api/wmDeviceHostInfo/deleteById'>) {
  return post('/api/wmDeviceHostInfo/deleteById', body);
}

export function useDeleteNode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteNode,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.hosts() }),
  });
}
