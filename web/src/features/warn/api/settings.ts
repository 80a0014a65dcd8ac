import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { warnKeys } from './keys';

export type WarnSetting = DataOf<'/api/wmWarnSet/queryByPage'>['list'][number];
export type WarnSettingEdit = BodyOf<'/api/wmWarnSet/edit'>;
export type WarnChannel = DataOf<'/api/wmWarnSet/channels'>[number];

/** A branch's channels for every alarm name and event (all rows: the catalogue is short). */
export function useWarnSettings(userId: number | undefined) {
  const filter = { userId, pageSize: 1_000_000, currentPage: 1 };
  return useQuery({
    queryKey: warnKeys.settings(filter),
    queryFn: ({ signal }) => post('/api/wmWarnSet/queryByPage', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The server's channels in column order, named in the reader's language, with why a channel sends nothing on this
 * server (the channels are data on the server: backend warn/channels/; a new one appears here as a new column).
 */
export function useWarnChannels(language: string) {
  return useQuery({
    queryKey: warnKeys.channels(language),
    queryFn: ({ signal }) => post('/api/wmWarnSet/channels', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Sets one row's channels (every served channel, on or off); the settings list reloads. */
export function useEditWarnSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WarnSettingEdit) => post('/api/wmWarnSet/edit', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: warnKeys.settings() }),
  });
}
