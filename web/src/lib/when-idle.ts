import { useEffect, useState } from 'react';

/**
 * Runs `work` after the first paint, once the browser is idle (at the latest after `timeoutMs`):
 * for chunks the first screen does not draw but the next action may need (issue 18 item 9).
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): void {
  const idle = (run: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: timeoutMs }) : setTimeout(run, 1);
  // a frame, then the idle time after it: the first paint is not delayed by what is loaded here
  afterFirstPaint(() => idle(work));
}

/** Runs `work` just after the next paint (at once where nothing paints, as in tests). */
export function afterFirstPaint(work: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(work, 0));
  else work();
}

/** `load` once, after the first paint when idle (see whenIdle); failures are left for the next call. */
export function prefetchWhenIdle(load: () => Promise<unknown>, timeoutMs?: number): void {
  whenIdle(() => void load().catch(() => undefined), timeoutMs);
}

/** What `load` gives, once it has loaded after the first paint when idle; null until then. */
export function useLoadedWhenIdle<T>(load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<T | null>(null);
  useEffect(() => {
    let mounted = true;
    whenIdle(() => {
      load()
        .then((value) => mounted && setLoaded(() => value))
        .catch(() => undefined);
    });
    return () => {
      mounted = false;
    };
  }, [load]);
  return loaded;
}
