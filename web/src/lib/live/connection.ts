/**
 * The console's one live connection (src/api/realtime.ts), shared by every page: held by the main
 * layout, and by the wall display (/bigScreen, outside the layout), while someone is signed in;
 * one socket whoever holds it, stopped at sign-out. Pages listen with `useLiveEvent`.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { LiveSocket, type LiveEventType, type LiveListener, type LiveStatus } from '@/api/realtime';
import { sessionRejected } from '@/api/client';
import { makeSign } from '@/api/sign';
import { useSessionStore } from '../session';
import { sharedStart } from './shared-start';

function baseUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/api/ws`;
}

export const live = new LiveSocket({
  async credentials() {
    const token = useSessionStore.getState().token;
    return token ? { token, sign: await makeSign() } : null;
  },
  baseUrl,
  // Close code 4003: signed out the way a 10003 answer does it (one message, to the login page).
  onSessionInvalid: sessionRejected,
});

const shared = sharedStart(live);

/**
 * Keeps the connection up while `token` is set; back in view or online, it retries at once. Any
 * number of components may call it: they share the one socket.
 */
export function useLiveConnection(token: string | null): void {
  useEffect(() => {
    if (!token) return;
    const release = shared.hold(token);
    const retry = () => {
      if (document.visibilityState === 'visible') live.reconnectNow();
    };
    document.addEventListener('visibilitychange', retry);
    window.addEventListener('online', retry);
    return () => {
      document.removeEventListener('visibilitychange', retry);
      window.removeEventListener('online', retry);
      release(!useSessionStore.getState().token); // signed out: at once; a navigation: after a grace
    };
  }, [token]);
}

/**
 * Calls `listener` for each live event of `type` while the component is shown (a hidden tab's
 * effects stop, so a page should reload its data when shown again: TanStack Query does that for
 * stale queries).
 */
export function useLiveEvent<K extends LiveEventType>(type: K, listener: LiveListener<K>): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => live.on(type, (payload) => latest.current(payload)), [type]);
}

function subscribeStatus(onChange: () => void): () => void {
  return live.on('status', onChange);
}

/** connecting, open, waiting (to retry) or stopped. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeStatus, () => live.status);
}
