import { Activity, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { NavigationType, parsePath, UNSAFE_LocationContext, useLocation, useOutlet } from 'react-router';
import { isAvailable } from '@/lib/availability';
import { RoutePage } from '../../routes/route-page';
import { routeByPath, type RouteDef } from '@/lib/route-table';
import { useSessionStore } from '@/lib/session';
import { useTabsStore } from '../../stores/tabs';

/** Keeps a page's scroll position while its tab is hidden (display: none loses it). */
function PageFrame({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);
  useLayoutEffect(() => {
    // only when there is a position to restore: setting it forces a layout, on the first draw too
    if (ref.current && scrollTop.current > 0) ref.current.scrollTop = scrollTop.current;
  }, []);
  return (
    <div
      ref={ref}
      className="cf-page"
      onScroll={(e) => {
        if (e.currentTarget.offsetParent !== null) scrollTop.current = e.currentTarget.scrollTop;
      }}
    >
      {children}
    </div>
  );
}

/**
 * One cached page. It sees its own tab's location (query and hash included), not the current
 * one, so a page mounted or re-rendered while hidden never reads another tab's parameters.
 * React Router has no public way to give a subtree another location without matching routes
 * again (a descendant <Routes location> warns under a pathless parent), so this provides the
 * location context directly.
 */
function CachedPage({ route, fullPath, active }: { route: RouteDef; fullPath: string; active: boolean }) {
  const current = useContext(UNSAFE_LocationContext);
  const own = useMemo(
    () => ({
      location: { state: null, key: fullPath, pathname: route.path, search: '', hash: '', ...parsePath(fullPath) },
      navigationType: NavigationType.Pop,
    }),
    [fullPath, route.path],
  );
  return (
    <UNSAFE_LocationContext.Provider value={active ? current : own}>
      <RoutePage routeKey={route.key} />
    </UNSAFE_LocationContext.Provider>
  );
}

/**
 * The layout's outlet with page caching. Every open tab whose route is flagged `cache` keeps its
 * page mounted, hidden with React's <Activity> while another tab shows, so filters, form input
 * and scroll survive a switch of tabs (hidden pages run no effects). Closing a tab unmounts its
 * page; refreshing remounts it. A route's element is always `<RoutePage routeKey>` (see
 * router.tsx), so the cached pages are rendered here directly; anything else (refresh, redirect,
 * a page the user may not open) comes through the router's outlet.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname, search, hash } = useLocation();
  const user = useSessionStore((s) => s.user);
  const tabs = useTabsStore((s) => s.tabs);
  const refreshKeys = useTabsStore((s) => s.refreshKeys);

  const isCached = (route: RouteDef | undefined): route is RouteDef =>
    route !== undefined && route.cache && isAvailable(route.key, user);
  const currentCached = isCached(routeByPath(pathname));
  const fullPaths = new Map(tabs.map((tab) => [tab.path, tab.fullPath]));
  // The current page may not be a tab yet (its tab opens in an effect right after).
  if (currentCached) fullPaths.set(pathname, `${pathname}${search}${hash}`);
  // A stable order, so reordering tabs never moves mounted pages in the DOM.
  const cached = [...fullPaths.keys()].toSorted().map(routeByPath).filter(isCached);

  return (
    <>
      {!currentCached && <PageFrame key={pathname}>{outlet}</PageFrame>}
      {cached.map((route) => (
        <Activity key={`${route.path}#${refreshKeys[route.path] ?? 0}`} mode={route.path === pathname ? 'visible' : 'hidden'}>
          <PageFrame>
            <CachedPage route={route} fullPath={fullPaths.get(route.path) ?? route.path} active={route.path === pathname} />
          </PageFrame>
        </Activity>
      ))}
    </>
  );
}
