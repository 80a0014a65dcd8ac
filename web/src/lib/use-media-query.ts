import { useCallback, useSyncExternalStore } from 'react';

function mediaQuery(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/**
 * Whether the browser's media query matches: read at the first render (no wrong layout or motion flashes first),
 * kept up to date as it changes (a window resized, a phone turned, a setting switched). A browser without
 * matchMedia matches nothing.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQuery(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaMatches(query), () => false);
}

/** Whether the media query matches now (read once, by what is set up once). */
export function mediaMatches(query: string): boolean {
  return mediaQuery(query)?.matches ?? false;
}
