import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { browserTimeZone, configureClient } from '@/api/client';
import { notifyError } from '@/app/notifier';
import { Providers } from '@/app/providers';
import { router } from '@/app/router';
import { watchConnection } from '@/app/pwa/connection';
import { openPathsFromPush } from '@/app/pwa/open-from-push';
import { queryClient } from '@/app/query-client';
import { startIndexCallsOnSignIn } from '@/app/routes/prefetch';
import { startUserStateLoading } from '@/app/stores/user-state';
import { sessionInvalid } from '@/app/session-actions';
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
  onSessionInvalid: sessionInvalid,
  notifyError,
});

startIndexCallsOnSignIn();
startUserStateLoading();
returnFocusAfterDialogs();
watchConnection(queryClient);
openPathsFromPush((path) => void router.navigate(path));
// the service worker (src/sw.ts) and workbox-window: their own chunk, after the first paint
whenIdle(() => void import('@/app/pwa/register').then((m) => m.registerWorker()).catch(() => undefined));
// The first Intl.DateTimeFormat of a page loads the browser's time zone data (about 40 ms): done while
// the sign-in page waits, not on the way from Enter to the sign-in call, whose headers carry the zone.
whenIdle(() => void browserTimeZone());

async function start() {
  await useLanguageStore.getState().apply(readLanguageCookie() ?? DEFAULT_LANGUAGE);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
