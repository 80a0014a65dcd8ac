import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { ForbiddenResult } from '@/components/forbidden-result';
import { PageErrorBoundary } from '@/components/page-error-boundary';
import { PageLoading } from '@/components/page-loading';
import { useSessionStore } from '@/lib/session';
import { isPermitted } from '@/lib/availability';
import { pages } from './pages';
import type { RouteKey } from '@/lib/route-table';

const lazyPages: Partial<Record<RouteKey, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  Object.entries(pages).map(([key, load]) => [key, lazy(load)]),
);

/** One registered page under the layout: checks the key, loads the chunk, catches failures. */
export function RoutePage({ routeKey }: { routeKey: RouteKey }) {
  const user = useSessionStore((s) => s.user);
  const Page = lazyPages[routeKey];
  if (!Page) return null;
  if (!isPermitted(routeKey, user)) return <ForbiddenResult />;
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
