import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

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
