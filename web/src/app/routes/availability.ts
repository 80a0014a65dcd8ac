import type { SessionUser } from '../stores/session';
import { hasPage } from './pages';
import { routeByPath, type RouteKey } from './route-table';

/** The index page is always shown; any other page needs its key (product-spec.md 2 and 6). */
export function isPermitted(key: RouteKey, user: SessionUser | null): boolean {
  return key === 'index' || user?.permissionKeys[key] === true;
}

/** The user may open this route: it has a page and the user holds its key. */
export function isAvailable(key: RouteKey, user: SessionUser | null): boolean {
  return hasPage(key) && isPermitted(key, user);
}

export function isPathAvailable(path: string, user: SessionUser | null): boolean {
  const route = routeByPath(path);
  return route !== undefined && isAvailable(route.key, user);
}
