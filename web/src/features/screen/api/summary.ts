import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { utcOffsetMinutes } from '../lib/format';
import { LIVE_REFRESH_MS } from '../lib/wall-live';
import { REFRESH_MS, screenKeys } from './keys';

export type ScreenSummary = DataOf<'/api/screen/summary'>;
export type ScreenAlarm = ScreenSummary['latestAlarms'][number];

export const LATEST_ALARMS = 20;

/**
 * Everything the wall display shows, in one call. Quiet: a wall asks again and again, so a failure is
 * shown on the wall itself (with the server's message), not as a toast each time.
 */
export function getScreen(userId: number | undefined, signal?: AbortSignal) {
  return post('/api/screen/summary', { userId, utcOffsetMinutes: utcOffsetMinutes(), alarms: LATEST_ALARMS }, { signal, quiet: true });
}

/**
 * The wall's answer: asked again after live events (see useWallLive), and every 30 s as a safety net
 * while the live connection is open, every 10 s while it is not.
 */
export function useScreenSummary(userId: number | undefined, live: boolean) {
  return useQuery({
    queryKey: screenKeys.summary(userId ?? null),
    queryFn: () => getScreen(userId),
    refetchInterval: live ? LIVE_REFRESH_MS : REFRESH_MS,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}
