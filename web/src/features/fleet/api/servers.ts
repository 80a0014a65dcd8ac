import { useMutation, useQueryClient, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
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

export type ServerFilter = BodyOf<'/api/host/list'>;
export type ServerPage = DataOf<'/api/host/list'>;
export type Server = ServerPage['list'][number];

/** Servers by name and region (paged). */
export function getServers(filter: ServerFilter, signal?: AbortSignal) {
  return post('/api/host/list', filter, { signal });
}

export const getServersOptions = (filter: ServerFilter) =>
  queryOptions({ queryKey: deviceKeys.hosts('servers', filter), queryFn: () => getServers(filter), placeholderData: keepPreviousData });

export const useServers = (filter: ServerFilter, enabled = true) => useQuery({ ...getServersOptions(filter), enabled });
