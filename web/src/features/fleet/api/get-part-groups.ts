import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type PartGroup = DataOf<'/api/deviceHardSupport/listCateGroup'>[number];

/** Every category with its parts (the batch's part pickers). */
export function getPartGroups(signal?: AbortSignal) {
  return post('/api/deviceHardSupport/listCateGroup', {}, { signal });
}

export const partGroupsOptions = () =>
  queryOptions({ queryKey: deviceKeys.catalogue('groups'), queryFn: () => getPartGroups() });

export const usePartGroups = () => useQuery(partGroupsOptions());
