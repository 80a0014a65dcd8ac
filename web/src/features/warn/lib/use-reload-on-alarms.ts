import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvent } from '@/lib/live/connection';
import { warnKeys } from '../api/keys';

const AFTER_MS = 1_500;

/** Reloads the alarm centre's queries shortly after live alarm events (at most once per 1.5 s) or a resync. */
export function useReloadOnAlarms() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const reload = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: warnKeys.all });
    }, AFTER_MS);
  };
  useLiveEvent('alarms', reload);
  useLiveEvent('resync', reload);
}
