import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteKey } from '@/lib/route-table';
import { buildMenu, type MenuItem } from './menu-builder';

const everyPage = () => true;
const pagesOf = (...keys: RouteKey[]) => (key: RouteKey) => keys.includes(key);

function shape(items: MenuItem[]): unknown[] {
  return items.map((item) => (item.kind === 'route' ? item.key : { [item.group]: item.children.map((c) => c.key) }));
}

describe('buildMenu', () => {
  it('always lists the index page', () => {
    expect(shape(buildMenu({ routes: ROUTES, permissionKeys: [], hasPage: everyPage }))).toEqual(['index']);
  });

  it("matches a key only when '/' + key equals the route path", () => {
    const menu = buildMenu({
      routes: ROUTES,
      permissionKeys: ['device', 'device/index/add', '/log', 'user/index/', 'reportChart'],
      hasPage: everyPage,
    });
    expect(shape(menu)).toEqual(['index', 'reportChart']);
  });

  it('hides a group none of whose routes is permitted, and keeps route order', () => {
    const menu = buildMenu({
      routes: ROUTES,
      permissionKeys: ['user/role', 'user/index', 'log', 'file/knowledge', 'index/realWarn'],
      hasPage: everyPage,
    });
    expect(shape(menu)).toEqual([
      'index',
      { user: ['user/index', 'user/role'] },
      { warn: ['index/realWarn'] },
      { file: ['file/knowledge'] },
      'log',
    ]);
  });

  it('groups the sites and plan against actual under sites, after the elevators', () => {
    const menu = buildMenu({ routes: ROUTES, permissionKeys: ['site/actual', 'elevator/index', 'site/index', 'message/index'], hasPage: everyPage });
    expect(shape(menu)).toEqual(['index', 'elevator/index', { site: ['site/index', 'site/actual'] }, 'message/index']);
  });

  it('lists only routes that have a page, hiding groups left empty', () => {
    const menu = buildMenu({
      routes: ROUTES,
      permissionKeys: ['device/index', 'device/group', 'version/app', 'log'],
      hasPage: pagesOf('index', 'device/group', 'log'),
    });
    expect(shape(menu)).toEqual(['index', { device: ['device/group'] }, 'log']);
  });

  it('leaves pages reached from another page out of the menu', () => {
    const menu = buildMenu({ routes: ROUTES, permissionKeys: ['device/info'], hasPage: everyPage });
    expect(shape(menu)).toEqual(['index']);
  });

  it('builds all seven groups for a user holding every key', () => {
    const menu = buildMenu({ routes: ROUTES, permissionKeys: ROUTES.map((r) => r.key), hasPage: everyPage });
    expect(menu.filter((i) => i.kind === 'group').map((i) => (i.kind === 'group' ? i.group : ''))).toEqual([
      'device',
      'user',
      'warn',
      'version',
      'site',
      'file',
      'integration',
    ]);
    expect(shape(menu).filter((i) => typeof i === 'string')).toEqual([
      'index',
      'reportChart',
      'device_control/index',
      'elevator/index',
      'message/index',
      'log',
      'audit',
      'retention',
    ]);
  });
});
