import { Layout, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { hasPage } from '@/lib/availability';
import { useProductName } from '@/lib/brand';
import { ROUTES, routeByPath } from '@/lib/route-table';
import { useSessionStore } from '@/lib/session';
import { buildMenu } from './menu-builder';
import { groupIcon, routeIcon } from './route-icons';

export const MENU_WIDTH = 200;
export const MENU_COLLAPSED_WIDTH = 65;

/** The brand and the menu of the pages the user may open: in the side menu, and in the phone's drawer. */
export function NavMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const name = useProductName(t('app.name'));
  const user = useSessionStore((s) => s.user);
  const { pathname } = useLocation();
  const currentGroup = routeByPath(pathname)?.group;
  const groupKey = currentGroup ? `group:${currentGroup}` : null;
  const [openKeys, setOpenKeys] = useState<string[]>(groupKey ? [groupKey] : []);
  const [shownGroup, setShownGroup] = useState(groupKey);
  // Opening a page of a closed group opens that group.
  if (groupKey !== shownGroup) {
    setShownGroup(groupKey);
    if (groupKey && !openKeys.includes(groupKey)) setOpenKeys([...openKeys, groupKey]);
  }

  const menu = useMemo(
    () => buildMenu({ routes: ROUTES, permissionKeys: Object.keys(user?.permissionKeys ?? {}), hasPage }),
    [user],
  );

  const items: MenuProps['items'] = menu.map((item) =>
    item.kind === 'route'
      ? { key: item.path, icon: routeIcon(item.key), label: <Link to={item.path}>{t(`routes.${item.key}`)}</Link> }
      : {
          key: `group:${item.group}`,
          icon: groupIcon(item.group),
          label: t(`menuGroups.${item.group}`),
          children: item.children.map((child) => ({
            key: child.path,
            label: <Link to={child.path}>{t(`routes.${child.key}`)}</Link>,
          })),
        },
  );

  return (
    <>
      <Link to="/index" className="cf-brand" aria-label={name}>
        <BrandMark square={collapsed} />
        {!collapsed && <span className="cf-brand__name" data-testid="brand-name">{name}</span>}
      </Link>
      <nav aria-label={t('layout.menu')}>
        <Menu
          theme="dark"
          mode="inline"
          inlineIndent={16}
          items={items}
          selectedKeys={[pathname]}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        />
      </nav>
    </>
  );
}

export function SideMenu({ collapsed }: { collapsed: boolean }) {
  return (
    <Layout.Sider
      className="cf-sider"
      width={MENU_WIDTH}
      collapsedWidth={MENU_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
    >
      <NavMenu collapsed={collapsed} />
    </Layout.Sider>
  );
}
