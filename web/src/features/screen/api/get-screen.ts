import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { utcOffsetMinutes } from '../lib/format';
import { REFRESH_MS, screenKeys } from './keys';

export type ScreenSummary = DataOf<'/api/screen/summary'>;
export type ScreenAlarm = ScreenSummary['latestAlarms'][number];

export const LATEST_ALARMS = 20;

/**
 * Everything the wall display shows, in one call. Quiet: a wall asks every ten seconds, so a failure is
 * shown on the wall itself (with the server's message), not as a toast each time.
 */
export function getScreen(userId: number | undefined, signal?: AbortSignal) {
  return post('/api/screen/summary', { userId, utcOffsetMinutes: utcOffsetMinutes(), alarms: LATEST_ALARMS }, { signal, quiet: true });
}

export function useScreenSummary(userId?: number) {
  return useQuery({
    queryKey: screenKeys.summary(userId ?? null),
    queryFn: () => getScreen(userId),
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}
