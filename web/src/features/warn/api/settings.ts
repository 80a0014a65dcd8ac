import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { warnKeys } from './keys';

export type WarnSetting = DataOf<'/api/wmWarnSet/queryByPage'>['list'][number];
export type WarnSettingEdit = BodyOf<'/api/wmWarnSet/edit'>;
export const CHANNELS = ['app', 'cloud', 'email', 'official', 'sms', 'terminal', 'offsite'] as const;
export type Channel = (typeof CHANNELS)[number];

/** A branch's channels for every alarm name and event (all rows: the catalogue is short). */
export function useWarnSettings(userId: number | undefined) {
  const filter = { userId, pageSize: 1_000_000, currentPage: 1 };
  return useQuery({
    queryKey: warnKeys.settings(filter),
    queryFn: ({ signal }) => post('/api/wmWarnSet/queryByPage', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Sets one row's seven channels; the settings list reloads. */
export function useEditWarnSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WarnSettingEdit) => post('/api/wmWarnSet/edit', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: warnKeys.settings() }),
  });
}
