import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

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
