/**
 * Builds the side menu (product-spec.md 2, Menu): a route is listed when it has a page and the
 * user holds a key with '/' + key === its path (the index page is always listed); a group is
 * listed only when at least one of its routes is.
 */
import { type MenuGroup, type RouteDef, type RouteKey } from '@/lib/route-table';

export interface MenuRouteItem {
  kind: 'route';
  key: RouteKey;
  path: string;
}

export interface MenuGroupItem {
  kind: 'group';
  group: MenuGroup;
  children: MenuRouteItem[];
}

export type MenuItem = MenuRouteItem | MenuGroupItem;

export interface MenuInput {
  routes: readonly RouteDef[];
  permissionKeys: readonly string[];
  hasPage(key: RouteKey): boolean;
}

export const ALWAYS_SHOWN: RouteKey = 'index';

export function permittedRoutes({ routes, permissionKeys, hasPage }: MenuInput): RouteDef[] {
  const permittedPaths = new Set(permissionKeys.map((key) => `/${key}`));
  return routes.filter(
    (route) => hasPage(route.key) && (route.key === ALWAYS_SHOWN || permittedPaths.has(route.path)),
  );
}

export function buildMenu(input: MenuInput): MenuItem[] {
  const items: MenuItem[] = [];
  const groups = new Map<MenuGroup, MenuGroupItem>();
  for (const route of permittedRoutes(input)) {
    if (!route.menu) continue;
    const item: MenuRouteItem = { kind: 'route', key: route.key, path: route.path };
    if (route.group === null) {
      items.push(item);
      continue;
    }
    let group = groups.get(route.group);
    if (!group) {
      group = { kind: 'group', group: route.group, children: [] };
      groups.set(route.group, group);
      items.push(group);
    }
    group.children.push(item);
  }
  return items;
}

