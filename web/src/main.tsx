import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { browserTimeZone, configureClient } from '@/api/client';
import { loadAntd } from '@/app/antd-sheet';
import { router } from '@/app/router';
import { openPathsFromPush } from '@/app/pwa/open-from-push';
import { startIndexCallsOnSignIn } from '@/app/routes/prefetch';
import { startUserStateLoading } from '@/app/stores/user-state';
import { configureAntd } from '@/components/antd-island';
import { actingUserId, useSessionStore } from '@/lib/session';
import { readLanguageCookie } from '@/i18n/cookie';
import { whenIdle } from '@/lib/when-idle';
import { returnFocusAfterDialogs } from '@/lib/dialog-focus';
import { DEFAULT_LANGUAGE } from '@/i18n/languages';
import { useLanguageStore } from '@/i18n/store';
import './app/global.css';

configureClient({
  getSession: () => {
    const { token, user } = useSessionStore.getState();
    return { token, account: user?.account ?? null, actingUserId: user ? actingUserId(user) : null };
  },
  // toasts and the sign-out go through antd and the query cache, which come with the console's chunks, not with
  // the sign-in page's first load (issue 52 item 11); a toast asked for before they arrive waits for them
  onSessionInvalid: (text) => void import('@/app/session-actions').then((actions) => actions.sessionInvalid(text)).catch(() => undefined),
  notifyError: (text, seconds) => void import('@/app/notifier').then((notifier) => notifier.notifyError(text, seconds)).catch(() => undefined),
});
configureAntd(() => loadAntd().then((providers) => providers.AntdScope));

startIndexCallsOnSignIn();
startUserStateLoading();
returnFocusAfterDialogs();
openPathsFromPush((path) => void router.navigate(path));

async function start() {
  await useLanguageStore.getState().start(readLanguageCookie() ?? DEFAULT_LANGUAGE);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  // after the first page's paint (on a slow link the worker's precaching would share it with the sign-in form's files):
  // the service worker (src/sw.ts) and workbox-window, their own chunk
  whenIdle(() => void import('@/app/pwa/register').then((m) => m.registerWorker()).catch(() => undefined));
  // The first Intl.DateTimeFormat of a page loads the browser's time zone data (about 40 ms): done while
  // the sign-in page waits, not on the way from Enter to the sign-in call, whose headers carry the zone.
  whenIdle(() => void browserTimeZone());
}

void start();
