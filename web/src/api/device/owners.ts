import { queryOptions } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from './keys';

/**
 * The owner tree of the caller's subtree, loaded lazily (selectOwnUser): the line down to a user
 * (the caller's own node, or a pre-selected owner), then one level of children at a time.
 */
export function ownerLineQueryOptions(userId: number) {
  return queryOptions({
    queryKey: deviceKeys.owners('line', userId),
    queryFn: ({ signal }) => post('/api/device/selectOwnUser', { userId }, { signal }),
    staleTime: 60_000,
  });
}

export function ownerChildrenQueryOptions(parentId: number) {
  return queryOptions({
    queryKey: deviceKeys.owners('children', parentId),
    queryFn: ({ signal }) => post('/api/device/selectOwnUser', { parentId }, { signal }),
    staleTime: 60_000,
  });
}
