import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { PageErrorBoundary, PageLoadError } from '@/components/page-error-boundary';
import { PageLoading } from '@/components/page-loading';
import { useSessionStore } from '@/lib/session';
import { isPermitted } from '@/lib/availability';
import { useIsPhone } from '@/lib/use-is-phone';
import { desktopOnlyPages, pages } from './pages';
import type { RouteKey } from '@/lib/route-table';

// antd's Result (with its pictures) loads only when a page is refused
// a desktop-only page's notice on a phone (issue 32) likewise
const WiderScreenNotice = lazy(() => import('@/components/wider-screen-notice').then((m) => ({ default: m.WiderScreenNotice })));
const ForbiddenResult = lazy(() => import('@/components/forbidden-result').then((m) => ({ default: m.ForbiddenResult })));

/** Pages whose chunk (and texts) arrived, by a prefetch or an earlier visit: drawn at once, no Suspense round. */
const loadedPages = new Map<string, ComponentType>();

/** Loads a registered page's chunk and texts (see prefetch.ts), and remembers the page. */
export function loadPage(key: RouteKey): Promise<{ default: ComponentType }> {
  const load = pages[key];
  if (!load) return Promise.reject(new Error(`no page for ${key}`));
  return load().then(
    (module) => {
      loadedPages.set(key, module.default);
      return module;
    },
    (error: unknown) => {
      throw new PageLoadError(error);
    },
  );
}

const lazyPage = (key: RouteKey) => lazy(() => loadPage(key));

const lazyPages: Partial<Record<RouteKey, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  Object.keys(pages).map((key) => [key, lazyPage(key as RouteKey)]),
);

/** One registered page under the layout: checks the key, loads the chunk, catches failures. */
export function RoutePage({ routeKey }: { routeKey: RouteKey }) {
  const user = useSessionStore((s) => s.user);
  const [Page, setPage] = useState(() => loadedPages.get(routeKey) ?? lazyPages[routeKey]);
  // a lazy page whose load failed stays failed: once the connection is back the page is loaded afresh (issue 48 item 14)
  const retry = () => {
    const fresh = lazyPage(routeKey);
    lazyPages[routeKey] = fresh;
    setPage(() => fresh);
  };
  const phone = useIsPhone();
  if (!Page) return null;
  if (phone && desktopOnlyPages.includes(routeKey)) {
    return (
      <Suspense fallback={<PageLoading />}>
        <WiderScreenNotice />
      </Suspense>
    );
  }
  if (!isPermitted(routeKey, user)) {
    return (
      <Suspense fallback={<PageLoading />}>
        <ForbiddenResult />
      </Suspense>
    );
  }
  return (
    <PageErrorBoundary onRetry={retry}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
