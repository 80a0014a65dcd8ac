import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { fleetKeys } from './keys';

export type OwnerNode = DataOf<'/api/device/selectOwnUser'>[number];

/** The caller's subtree as a tree: the owner filters' choices. */
export function getOwnerTree(signal?: AbortSignal) {
  return post('/api/device/selectOwnUser', {}, { signal });
}

export const ownerTreeOptions = () =>
  queryOptions({ queryKey: fleetKeys.owners(), queryFn: () => getOwnerTree(), staleTime: 5 * 60_000 });

export const useOwnerTree = (enabled = true) => useQuery({ ...ownerTreeOptions(), enabled });
