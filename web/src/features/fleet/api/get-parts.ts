import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type Part = DataOf<'/api/deviceHardSupport/list'>[number];

/** Hardware parts, optionally of one category (the call names it `type`). */
export function getParts(cateId: number | undefined, signal?: AbortSignal) {
  return post('/api/deviceHardSupport/list', { type: cateId }, { signal });
}

export const partsOptions = (cateId?: number) =>
  queryOptions({ queryKey: deviceKeys.catalogue('parts', cateId ?? null), queryFn: () => getParts(cateId) });

export const useParts = (cateId?: number) => useQuery(partsOptions(cateId));
