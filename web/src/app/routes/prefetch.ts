/**
 * Sign-in to the robot cards without waterfalls (issue 18 item 9). While the login page shows, the
 * layout's and the index page's chunks (with its texts) are fetched once the browser is idle; at
 * sign-in, when the console opens on /index, the page's first calls start at once, alongside the
 * navigation, instead of after the layout and the page have loaded and rendered.
 */
import { prefetchIndexData } from '@/features/monitor/api/prefetch';
import { safeRedirect } from '@/lib/login-path';
import { useSessionStore } from '@/lib/session';
import { whenIdle } from '@/lib/when-idle';
import { queryClient } from '../query-client';
import { loadPage } from './route-page';

export const loadMainLayout = () => import('../layout/main-layout');


/** From the login page: the chunks the first screen after sign-in needs, fetched when idle. */
export function prefetchSignedInChunks(): void {
  whenIdle(() => {
    void loadMainLayout().catch(() => undefined);
    void loadPage('index').catch(() => undefined);
  });
}

/** Where the login page on screen goes after sign-in. */
function signInTarget(): string {
  const target = safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
  return new URL(target, window.location.origin).pathname;
}

/** Starts the index page's calls the moment the login form signs in, when it leads to /index. */
export function startIndexCallsOnSignIn(): () => void {
  return useSessionStore.subscribe((state, previous) => {
    if (state.token === null || previous.token !== null || window.location.pathname !== '/login') return;
    if (signInTarget() === '/index') prefetchIndexData(queryClient);
  });
}
