/**
 * Which routes the user may open. The page registry (src/app/routes/pages.ts) names the routes that
 * have a screen when it loads, before any page renders; features ask here, never the registry.
 */
import type { SessionUser } from './session';
import { PERSONAL_ROUTES, routeByPath, type RouteKey } from './route-table';

let registered: ReadonlySet<RouteKey> = new Set();

/** Called once by the page registry with every route that has a page. */
export function registerPages(keys: readonly RouteKey[]): void {
  registered = new Set(keys);
}

export function hasPage(key: RouteKey): boolean {
  return registered.has(key);
}

/** The index page and a person's own pages are always shown; any other page needs its key (product-spec.md 2 and
 * 6). */
export function isPermitted(key: RouteKey, user: SessionUser | null): boolean {
  return key === 'index' || (user !== null && PERSONAL_ROUTES.has(key)) || user?.permissionKeys[key] === true;
}

/** The user may open this route: it has a page and the user holds its key. */
export function isAvailable(key: RouteKey, user: SessionUser | null): boolean {
  return hasPage(key) && isPermitted(key, user);
}

export function isPathAvailable(path: string, user: SessionUser | null): boolean {
  const route = routeByPath(path);
  return route !== undefined && isAvailable(route.key, user);
}
