/**
 * Is the console connected (issue 32 item 2)? Two ways it is not, which the shell's banner tells apart:
 * - the browser is offline (its `offline` / `online` events; TanStack Query pauses its calls meanwhile
 *   and refetches the active ones when the browser is back: refetchOnReconnect, its default);
 * - the browser is online but the server cannot be reached: a call failed for lack of any answer
 *   (ApiError kind `network`). Any answered call ends that; while it lasts the server is probed now and
 *   then (`/api/health`), and once it answers the shown queries are fetched again.
 * Data is never cached by the service worker, so nothing shown after a reload is stale; what a page
 * showed before the connection went stays, under the banner that says it may be out of date.
 */
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { isApiError } from '@/api/errors';
import { serverAnswers } from '@/api/health';

export interface ConnectionState {
  browserOffline: boolean;
  serverUnreachable: boolean;
}

export const useConnection = create<ConnectionState>(() => ({
  browserOffline: typeof navigator !== 'undefined' && navigator.onLine === false,
  serverUnreachable: false,
}));

/** How often the server is asked while it cannot be reached. */
export const PROBE_EVERY_MS = 15_000;

const unanswered = (error: unknown) => isApiError(error) && error.kind === 'network';

/** After a call's outcome: no answer at all means unreachable, any answer means reachable. */
export function noteCallOutcome(outcome: 'success' | 'error', error?: unknown): void {
  const { serverUnreachable, browserOffline } = useConnection.getState();
  if (outcome === 'success' || (isApiError(error) && !unanswered(error))) {
    if (serverUnreachable) useConnection.setState({ serverUnreachable: false });
  } else if (unanswered(error) && !browserOffline) {
    useConnection.setState({ serverUnreachable: true });
  }
}

/** Asks the server once; when it answers, the shown queries are fetched again. */
export async function probeServer(client: QueryClient, answers: () => Promise<boolean> = serverAnswers): Promise<boolean> {
  const ok = await answers();
  if (ok && useConnection.getState().serverUnreachable) {
    useConnection.setState({ serverUnreachable: false });
    void client.refetchQueries({ type: 'active' });
  }
  return ok;
}

const onOnline = () => useConnection.setState({ browserOffline: false, serverUnreachable: false });
const onOffline = () => useConnection.setState({ browserOffline: true });

function watchBrowser(): () => void {
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}

function watchCalls(client: QueryClient): () => void {
  const stopQueries = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'success') noteCallOutcome('success');
    else if (event.action.type === 'error') noteCallOutcome('error', event.action.error);
  });
  const stopMutations = client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'success') noteCallOutcome('success');
    else if (event.action.type === 'error') noteCallOutcome('error', event.action.error);
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}

/** While the server is unreachable (and the browser online), probe it every PROBE_EVERY_MS. */
function watchProbe(client: QueryClient): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const follow = ({ serverUnreachable, browserOffline }: ConnectionState) => {
    const wanted = serverUnreachable && !browserOffline;
    if (wanted && timer === null) timer = setInterval(() => void probeServer(client), PROBE_EVERY_MS);
    if (!wanted && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
  const stop = useConnection.subscribe(follow);
  return () => {
    stop();
    if (timer !== null) clearInterval(timer);
  };
}

/** Starts following the connection (app/console.tsx); returns the function that stops it (tests). */
export function watchConnection(client: QueryClient): () => void {
  const stops = [watchBrowser(), watchCalls(client), watchProbe(client)];
  return () => stops.forEach((stop) => stop());
}
