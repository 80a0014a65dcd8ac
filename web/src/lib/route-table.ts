/**
 * Every console route under the main layout (product-spec.md 2), in menu order.
 * A route's permission key is its path without the leading slash.
 */
export type MenuGroup = 'device' | 'user' | 'warn' | 'version' | 'file' | 'site' | 'integration';

export const ROUTE_KEYS = [
  'index',
  'reportChart',
  'device/index',
  'device/group',
  'device/deviceSummary',
  'device/deviceOnLineSummary',
  'device/maplist',
  'device/taskList',
  'device/log',
  'device/videoHistory',
  'device/report',
  'device/hardSupportIndex',
  'device/index/product/batch/index',
  'device/dataBackup',
  'device/index/hostManage',
  'device/repair',
  'device/health',
  'device/hire',
  'device/warn',
  'device/warnSummary',
  'device/ad',
  'device/deviceAmap',
  'device/info',
  'device/index/device/selectViewPwdPageList',
  'device_control/index',
  'user/index',
  'user/userShadow',
  'user/role',
  'user/index/role_group',
  'user/sso',
  'user/brand',
  'user/sessions',
  'user/factors',
  'user/privacy',
  'index/realWarn',
  'warn/index/warn',
  'warn/index/warn_set',
  'incident/index',
  'version/index/cloud_version',
  'version/index/whole_version',
  'version/fireware',
  'version/soft',
  'version/app',
  'version/configure',
  'version/advisory',
  'elevator/index',
  'site/index',
  'site/actual',
  'site/field',
  'wear/index',
  'file/host',
  'file/file_list',
  'file/knowledge',
  'message/index',
  'log',
  'audit',
  'retention',
  'integration/token',
  'integration/webhook',
] as const;

export type RouteKey = (typeof ROUTE_KEYS)[number];

export interface RouteDef {
  key: RouteKey;
  path: string;
  group: MenuGroup | null;
  /** Reached from another page (it needs a device), so not listed in the menu or search. */
  menu: boolean;
  /** Keeps its state while the user is on another tab. */
  cache: boolean;
}

/** Routes whose group is not their first path segment. */
const GROUP_OF: Partial<Record<RouteKey, MenuGroup>> = {
  'index/realWarn': 'warn',
  'warn/index/warn': 'warn',
  'warn/index/warn_set': 'warn',
  'incident/index': 'warn',
  'wear/index': 'device',
};

function groupOf(key: RouteKey): MenuGroup | null {
  const special = GROUP_OF[key];
  if (special) return special;
  const head = key.split('/')[0];
  return head === 'device' || head === 'user' || head === 'version' || head === 'file' || head === 'site' || head === 'integration'
    ? head
    : null;
}

const NOT_IN_MENU: ReadonlySet<RouteKey> = new Set(['device/info', 'user/sessions', 'user/factors', 'user/privacy']);

/**
 * A person's own pages: open to everyone signed in, no permission key (the server checks each call): the sessions
 * and API tokens of the user menu (issue 50 item 8). Not in the menu: the user menu opens it.
 */
export const PERSONAL_ROUTES: ReadonlySet<RouteKey> = new Set(['user/sessions', 'user/factors', 'user/privacy']); // factors: issue 50 items 5-7; privacy: issue 51 item 6

export const ROUTES: readonly RouteDef[] = ROUTE_KEYS.map((key) => ({
  key,
  path: `/${key}`,
  group: groupOf(key),
  menu: !NOT_IN_MENU.has(key),
  cache: true,
}));

const byPath = new Map(ROUTES.map((r) => [r.path, r]));

export function routeByPath(path: string): RouteDef | undefined {
  return byPath.get(path);
}

export const MENU_GROUPS: readonly MenuGroup[] = ['device', 'user', 'warn', 'version', 'site', 'file', 'integration'];
