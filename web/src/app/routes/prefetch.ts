/**
 * Sign-in to the robot cards without waterfalls (issue 18 item 9). While the login page shows, the
 * console's chunks (antd with its style sheet, the query cache: app/console.tsx), the layout's and the index
 * page's (with its texts) are fetched from its first paint on; at sign-in, when the console opens on /index,
 * the page's first calls start at once, alongside the navigation, instead of after the layout and the page have
 * loaded and rendered.
 */
import { languageComplete } from '@/i18n/store';
import { expectFirstScreenData } from '@/lib/first-screen';
import { safeRedirect } from '@/lib/login-path';
import { useSessionStore } from '@/lib/session';
import { afterFirstPaint } from '@/lib/when-idle';
import { loadAntdSheet } from '../antd-sheet';
import { loadPage } from './route-page';

export const loadMainLayout = () => import('../layout/main-layout');

/** The signed-in console's root (app/console.tsx) with antd's style sheet, and the language's antd and dayjs
 * locales (i18n/store.ts `languageComplete`). */
export const loadConsole = () => Promise.all([import('../console'), loadAntdSheet(), languageComplete()]).then(([console]) => console);

/**
 * From the login page: the chunks the first screen after sign-in needs, fetched from the form's first paint on.
 * Not later, when idle: a password manager's sign-in starts within a moment, and its call then waited
 * behind these files for one of the browser's six connections (a third of a second). Not sooner either: antd and
 * its sheet are some 250 KB, which on a slow link held the form back by as long again (issue 52 item 11).
 */
export function prefetchSignedInChunks(): void {
  afterFirstPaint(() => {
    void loadConsole().catch(() => undefined);
    void loadMainLayout().catch(() => undefined);
    void loadPage('index').catch(() => undefined);
  });
}

/** Where the login page on screen goes after sign-in. */
function signInTarget(): string {
  const target = safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
  return new URL(target, window.location.origin).pathname;
}

/**
 * Starts the index page's calls the moment the login form signs in, when it leads to /index. The calls and the
 * query cache come with the console's chunks (prefetched while the form shows), not in the sign-in page's load.
 */
export function startIndexCallsOnSignIn(): () => void {
  return useSessionStore.subscribe((state, previous) => {
    if (state.token === null || previous.token !== null || window.location.pathname !== '/login') return;
    if (signInTarget() === '/index') expectFirstScreenData(import('./index-calls').then((calls) => calls.startIndexCalls()));
  });
}
