import { useCallback, useEffect, useRef } from 'react';

/**
 * A function that runs `action` at most once per `ms`: the first call at once, later calls within
 * the window once at its end. A pending run is dropped when the component hides or unmounts.
 */
export function useThrottled(action: () => void, ms: number): () => void {
  const latest = useRef(action);
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  return useCallback(() => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      latest.current();
    } else if (!timer.current) {
      timer.current = setTimeout(() => {
        timer.current = null;
        last.current = Date.now();
        latest.current();
      }, wait);
    }
  }, [ms]);
}
