import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Add a transfer node. */
export function addNode(body: BodyOf<'/api/wmDeviceHostInfo/add'>) {
  return post('/api/wmDeviceHostInfo/add', body);
}

export function useAddNode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addNode,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.hosts() }),
  });
}
