/**
 * The signed-in console's root (issue 52 item 11): antd's providers, the query cache and the toasts
 * (providers.tsx) around every route but the sign-in page, which draws without them. Its chunk is fetched from the
 * sign-in page's first paint on (routes/prefetch.ts `loadConsole`) and with the first route of a signed-in visit.
 */
import { Outlet } from 'react-router';
import { prefetchPageErrorResult } from '@/components/page-error-boundary';
import { prefetchPageLoading } from '@/components/page-loading';
import { whenIdle } from '@/lib/when-idle';
import { watchConnection } from './pwa/connection';
import { watchFieldQueue } from './pwa/field-queue';
import { Providers } from './providers';
import { queryClient } from './query-client';

let started = false;

/** What follows the query cache (the connection's state, app/pwa), and the chunks of a page's spinner and of its
 * failure, once. */
function startConsole(): void {
  if (started) return;
  started = true;
  watchConnection(queryClient);
  whenIdle(() => void watchFieldQueue()); // the field kit's queue of actions taken without signal (issue 53 item 5)
  prefetchPageLoading();
  prefetchPageErrorResult();
}

startConsole();

export default function ConsoleRoot() {
  return (
    <Providers>
      <Outlet />
    </Providers>
  );
}
