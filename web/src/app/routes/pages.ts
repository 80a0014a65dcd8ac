/**
 * The page registry: which routes have a screen. A feature adds its pages here, each a lazily
 * loaded module (its own chunk). Routes without a page are not in the menu, the search panel or
 * the router, so a direct visit shows the 404 page: nothing offers a dead link.
 * `withTexts` loads the texts of the features a page shows (its own, and those of other features'
 * components it uses) with its chunk; src/i18n/texts-wiring.test.ts fails when one is missing.
 */
import type { ComponentType } from 'react';
import { withTexts } from '@/i18n/load';
import { registerPages } from '@/lib/availability';
import { fixturePages } from './fixture-pages';
import type { RouteKey } from '@/lib/route-table';

export type PageLoader = () => Promise<{ default: ComponentType }>;

export const pages: Partial<Record<RouteKey, PageLoader>> = {
  index: withTexts(() => import('@/features/monitor/index-page'), 'monitor', 'device'),
  'index/realWarn': withTexts(() => import('@/features/monitor/live-alarms-page'), 'monitor', 'device'),
  'user/index': withTexts(() => import('@/features/user/users-page'), 'user'),
  'user/userShadow': withTexts(() => import('@/features/user/shadow-users-page'), 'user'),
  'user/role': withTexts(() => import('@/features/user/roles-page'), 'user'),
  'user/index/role_group': withTexts(() => import('@/features/user/role-groups-page'), 'user'),
  'user/sso': withTexts(() => import('@/features/sso/sso-page'), 'sso', 'user'), // the preset roles' names: user's texts
  'user/brand': withTexts(() => import('@/features/brand/brand-page'), 'brand'), // issue 53 item 4
  'user/sessions': withTexts(() => import('@/features/sessions/sessions-page'), 'sessions'),
  'user/factors': withTexts(() => import('@/features/factor/factors-page'), 'factor'),
  'user/privacy': withTexts(() => import('@/features/privacy/my-data-page'), 'privacy'),
  'device/index': withTexts(() => import('@/features/device/device-list-page'), 'device'),
  'device/group': withTexts(() => import('@/features/device/device-group-page'), 'device'),
  'device/deviceSummary': withTexts(() => import('@/features/fleet/summary/device-summary-page'), 'fleet'),
  'device/deviceOnLineSummary': withTexts(() => import('@/features/fleet/online/online-summary-page'), 'fleet'),
  'device/hardSupportIndex': withTexts(() => import('@/features/fleet/hardware/hardware-page'), 'fleet'),
  'device/index/product/batch/index': withTexts(() => import('@/features/fleet/batch/batch-page'), 'fleet'),
  'device/index/hostManage': withTexts(() => import('@/features/fleet/hosts/host-page'), 'fleet'),
  'device/repair': withTexts(() => import('@/features/fleet/repair/repair-page'), 'fleet'),
  'device/hire': withTexts(() => import('@/features/fleet/hire/hire-page'), 'fleet'),
  'device/health': withTexts(() => import('@/features/health/health-page'), 'health'),
  'device/info': withTexts(() => import('@/features/fleet/info/device-info-page'), 'fleet', 'wear', 'health'),
  'device/index/device/selectViewPwdPageList': withTexts(() => import('@/features/fleet/password-views/password-views-page'), 'fleet'),
  'device/deviceAmap': withTexts(() => import('@/features/screen/device-map-page'), 'screen'),
  'device/taskList': withTexts(() => import('@/features/task/task-list-page'), 'task'),
  'elevator/index': withTexts(() => import('@/features/elevator/elevator-page'), 'elevator'),
  'site/index': withTexts(() => import('@/features/site/site-list-page'), 'site'),
  'site/actual': withTexts(() => import('@/features/site/plan-actual-page'), 'site'),
  'site/field': withTexts(() => import('@/features/fieldkit/field-page'), 'fieldkit', 'site'), // the run states: site's
  'wear/index': withTexts(() => import('@/features/wear/wear-page'), 'wear'),
  'version/fireware': withTexts(() => import('@/features/version/firmware-page'), 'version'),
  'device/maplist': withTexts(() => import('@/features/map/map-list-page'), 'map'),
  'device_control/index': withTexts(() => import('@/features/remote/remote-control-page'), 'remote', 'monitor'),
  'file/file_list': withTexts(() => import('@/features/files/file-list-page'), 'files'),
  'file/knowledge': withTexts(() => import('@/features/files/knowledge-page'), 'files'),
  'file/host': withTexts(() => import('@/features/files/file-host-page'), 'files'),
  'device/ad': withTexts(() => import('@/features/files/ad-page'), 'files'),
  log: withTexts(() => import('@/features/files/log-page'), 'files'),
  audit: withTexts(() => import('@/features/audit/audit-page'), 'audit'),
  retention: withTexts(() => import('@/features/retention/retention-page'), 'retention'),
  'device/log': withTexts(() => import('@/features/robotdata/log-page'), 'robotdata'),
  'device/dataBackup': withTexts(() => import('@/features/robotdata/backup-page'), 'robotdata'),
  'device/videoHistory': withTexts(() => import('@/features/robotdata/video-page'), 'robotdata'),
  'warn/index/warn': withTexts(() => import('@/features/warn/alarm-centre-page'), 'warn', 'monitor'),
  'warn/index/warn_set': withTexts(() => import('@/features/warn/alarm-settings-page'), 'warn', 'monitor'),
  'incident/index': withTexts(() => import('@/features/incident/incident-page'), 'incident', 'monitor'),
  'device/warn': withTexts(() => import('@/features/warn/device-alarms-page'), 'warn', 'monitor'),
  'device/warnSummary': withTexts(() => import('@/features/warn/alarm-summary-page'), 'warn', 'monitor'),
  'message/index': withTexts(() => import('@/features/message/message-centre-page'), 'message'),
  reportChart: withTexts(() => import('@/features/report/report-chart-page'), 'report', 'fleet'),
  'device/report': withTexts(() => import('@/features/report/report-list-page'), 'report'),
  'version/index/whole_version': withTexts(() => import('@/features/machineversion/whole-version-page'), 'machineversion'),
  'version/index/cloud_version': withTexts(() => import('@/features/machineversion/cloud-version-page'), 'machineversion'),
  'version/configure': withTexts(() => import('@/features/machineversion/configure-page'), 'machineversion'),
  'version/soft': withTexts(() => import('@/features/version/soft-page'), 'version'),
  'version/app': withTexts(() => import('@/features/version/app-page'), 'version'),
  'version/advisory': withTexts(() => import('@/features/advisory/advisory-page'), 'advisory'),
  'integration/token': withTexts(() => import('@/features/apitoken/token-page'), 'apitoken', 'user'),
  'integration/webhook': withTexts(() => import('@/features/webhook/webhook-page'), 'webhook'),
  ...fixturePages,
};

/**
 * Pages whose tools need a desk's screen (drag-and-drop trees, wide forms): on a phone (below 768 px) they say so
 * instead of breaking (components/wider-screen-notice.tsx; issue 32). The map editor, a dialog of the map list,
 * says so from there.
 */
export const desktopOnlyPages: readonly RouteKey[] = [
  'user/role',
  'version/index/cloud_version',
  'version/index/whole_version',
  'version/fireware',
  'version/soft',
  'version/app',
  'version/configure',
];

/** The full-screen wall display (/bigScreen); the header links to it once it is registered. */
export const bigScreenPage: PageLoader | null = withTexts(() => import('@/features/screen/big-screen-page'), 'screen', 'fleet', 'monitor');

registerPages(Object.keys(pages) as RouteKey[]);
