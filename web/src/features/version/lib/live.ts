import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvent } from '@/lib/live/connection';
import { versionKeys } from '../api/keys';

const AT_MOST_EVERY_MS = 700;

/**
 * Keeps the firmware page live: a robot's OTA state (or a rollout's) changed, so the lists are asked again,
 * at most about once every 0.7 s however many robots report (a rollout of thousands sends many events).
 */
export function useLiveOtaRefresh(): void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: versionKeys.all });
    }, AT_MOST_EVERY_MS);
  };
  useLiveEvent('updates', refresh);
  useLiveEvent('resync', refresh);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
}
