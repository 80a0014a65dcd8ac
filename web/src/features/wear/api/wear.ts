import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { wearKeys } from '@/api/wear/keys';

export type WearFilter = BodyOf<'/api/wear/list'>;
export type WearPage = DataOf<'/api/wear/list'>;
export type FleetPart = WearPage['list'][number];
export type WearKind = NonNullable<WearFilter['kind']>;

/** One page of the branch's forecasts by date, with the week counts and what to order. */
export const useWearList = (filter: WearFilter) =>
  useQuery({
    queryKey: wearKeys.list(filter),
    queryFn: ({ signal }) => post('/api/wear/list', filter, { signal }),
    placeholderData: keepPreviousData,
  });

/** A branch's lead time (null: the caller's own branch). */
export const useWearSettings = (userId: number | null) =>
  useQuery({
    queryKey: wearKeys.settings(userId),
    queryFn: ({ signal }) => post('/api/wear/settings', { userId: userId ?? undefined }, { signal }),
  });

export function useEditWearSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'/api/wear/settings/edit'>) => post('/api/wear/settings/edit', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: wearKeys.allSettings() }),
  });
}
