import { Activity, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { isPathAvailable } from '../../routes/availability';
import { routeByPath } from '../../routes/route-table';
import { useSessionStore } from '../../stores/session';
import { useTabsStore } from '../../stores/tabs';

/** Keeps a page's scroll position while its tab is hidden (display: none loses it). */
function PageFrame({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);
  useLayoutEffect(() => {
    if (ref.current) ref.current.scrollTop = scrollTop.current;
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
 * The layout's outlet with page caching: a page flagged `cache` stays mounted, hidden with
 * React's <Activity>, while its tab is open, so filters, form input and scroll survive a
 * switch of tabs. Closing the tab drops it; refreshing remounts it.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const { pathname } = location;
  const user = useSessionStore((s) => s.user);
  const tabs = useTabsStore((s) => s.tabs);
  const refreshKeys = useTabsStore((s) => s.refreshKeys);
  const cacheable = routeByPath(pathname)?.cache === true && isPathAvailable(pathname, user);

  // The cache changes only when the location or the open tabs do (the outlet element is new on
  // every render, so it cannot be the trigger): adjust it during render, React's pattern for
  // state derived from changing input.
  const [cache, setCache] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());
  const [syncedWith, setSyncedWith] = useState('');
  const openPaths = tabs.map((tab) => tab.path);
  const syncKey = `${location.key}|${cacheable}|${openPaths.join(' ')}`;
  if (syncKey !== syncedWith) {
    setSyncedWith(syncKey);
    const next = new Map([...cache].filter(([path]) => path === pathname || openPaths.includes(path)));
    if (cacheable && outlet) next.set(pathname, outlet);
    setCache(next);
  }

  return (
    <>
      {!cacheable && <PageFrame key={pathname}>{outlet}</PageFrame>}
      {[...cache].map(([path, element]) => (
        <Activity key={`${path}#${refreshKeys[path] ?? 0}`} mode={cacheable && path === pathname ? 'visible' : 'hidden'}>
          <PageFrame>{element}</PageFrame>
        </Activity>
      ))}
    </>
  );
}
