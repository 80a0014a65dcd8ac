import { useMutation, useQueryClient, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
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

export type NodeFilter = BodyOf<'/api/wmDeviceHostInfo/queryByPage'>;
export type NodePage = DataOf<'/api/wmDeviceHostInfo/queryByPage'>;
export type Node = NodePage['list'][number];

/** Transfer nodes by name and region (paged). */
export function getNodes(filter: NodeFilter, signal?: AbortSignal) {
  return post('/api/wmDeviceHostInfo/queryByPage', filter, { signal });
}

export const getNodesOptions = (filter: NodeFilter) =>
  queryOptions({ queryKey: deviceKeys.hosts('nodes', filter), queryFn: () => getNodes(filter), placeholderData: keepPreviousData });

export const useNodes = (filter: NodeFilter, enabled = true) => useQuery({ ...getNodesOptions(filter), enabled });
