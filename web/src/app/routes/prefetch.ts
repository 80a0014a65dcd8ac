/**
 * Sign-in to the robot cards without waterfalls (issue 18 item 9). While the login page shows, the
 * layout's and the index page's chunks (with its texts) are fetched from its first paint on; at
 * sign-in, when the console opens on /index, the page's first calls start at once, alongside the
 * navigation, instead of after the layout and the page have loaded and rendered.
 */
import { prefetchIndexData } from '@/features/monitor/api/prefetch';
import { expectFirstScreenData } from '@/lib/first-screen';
import { safeRedirect } from '@/lib/login-path';
import { useSessionStore } from '@/lib/session';
import { afterFirstPaint } from '@/lib/when-idle';
import { queryClient } from '../query-client';
import { loadPage } from './route-page';

export const loadMainLayout = () => import('../layout/main-layout');


/**
 * From the login page: the chunks the first screen after sign-in needs, fetched from its first paint on.
 * Not later, when idle: a password manager's sign-in starts within a moment, and its call then waited
 * behind these files for one of the browser's six connections (a third of a second).
 */
export function prefetchSignedInChunks(): void {
  afterFirstPaint(() => {
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
    if (signInTarget() === '/index') expectFirstScreenData(prefetchIndexData(queryClient));
  });
}
