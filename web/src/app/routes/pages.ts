/**
 * The page registry: which routes have a screen. A feature adds its pages here, each a lazily
 * loaded module (its own chunk). Routes without a page are not in the menu, the search panel or
 * the router, so a direct visit shows the 404 page: nothing offers a dead link.
 */
import type { ComponentType } from 'react';
import { fixturePages } from './fixture-pages';
import type { RouteKey } from './route-table';

export type PageLoader = () => Promise<{ default: ComponentType }>;

export const pages: Partial<Record<RouteKey, PageLoader>> = {
  index: () => import('@/features/monitor/index-page'),
  'index/realWarn': () => import('@/features/monitor/live-alarms-page'),
  'user/index': () => import('@/features/user/users-page'),
  'user/userShadow': () => import('@/features/user/shadow-users-page'),
  'user/role': () => import('@/features/user/roles-page'),
  'user/index/role_group': () => import('@/features/user/role-groups-page'),
  'device/index': () => import('@/features/device/device-list-page'),
  'device/group': () => import('@/features/device/device-group-page'),
  'device/deviceSummary': () => import('@/features/fleet/summary/device-summary-page'),
  'device/deviceOnLineSummary': () => import('@/features/fleet/online/online-summary-page'),
  'device/hardSupportIndex': () => import('@/features/fleet/hardware/hardware-page'),
  'device/index/product/batch/index': () => import('@/features/fleet/batch/batch-page'),
  'device/index/hostManage': () => import('@/features/fleet/hosts/host-page'),
  'device/repair': () => import('@/features/fleet/repair/repair-page'),
  'device/hire': () => import('@/features/fleet/hire/hire-page'),
  'device/info': () => import('@/features/fleet/info/device-info-page'),
  'device/index/device/selectViewPwdPageList': () => import('@/features/fleet/password-views/password-views-page'),
  'device/deviceAmap': () => import('@/features/screen/device-map-page'),
  'device_control/index': () => import('@/features/remote/remote-control-page'),
  ...fixturePages,
};

/** The full-screen wall display (/bigScreen); the header links to it once it is registered. */
export const bigScreenPage: PageLoader | null = () => import('@/features/screen/big-screen-page');

export function hasPage(key: RouteKey): boolean {
  return pages[key] !== undefined;
}
