import { useEffect, useRef, useState } from 'react';
import { useLiveConnection, useLiveEvent, useLiveStatus } from '@/lib/live/connection';
import { useSessionStore } from '@/lib/session';
import { refreshScheduler, WallStates, type RefreshScheduler } from '../lib/wall-live';

/**
 * Keeps the wall display live: holds the console's one WebSocket (the wall is outside the layout that
 * otherwise opens it; with the layout mounted too they share it) and calls `refresh` within about a
 * second of an event that changes what the wall shows (lib/wall-live.ts). Answers whether the
 * connection is open, so the caller's poll can slow down to a safety net.
 */
export function useWallLive(refresh: () => void): boolean {
  const token = useSessionStore((s) => s.token);
  useLiveConnection(token);
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  const [states] = useState(() => new WallStates());
  const scheduler = useRef<RefreshScheduler | null>(null);
  useEffect(() => {
    const made = refreshScheduler(() => latest.current());
    scheduler.current = made;
    return () => {
      made.cancel();
      scheduler.current = null;
    };
  }, []);

  useLiveEvent('devices', (updates) => {
    if (states.apply(updates)) scheduler.current?.request();
  });
  useLiveEvent('alarms', () => scheduler.current?.request());
  useLiveEvent('resync', () => {
    states.forget();
    scheduler.current?.request();
  });
  return useLiveStatus() === 'open';
}
