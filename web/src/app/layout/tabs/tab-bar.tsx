import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, type TabsProps } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeByPath } from '@/lib/route-table';
import { useTabsStore } from '../../stores/tabs';
import { tabMenuItems, type TabAction } from './tab-actions';
import { INDEX_PATH } from './tab-rules';

// drag to reorder (dnd-kit) comes in its own chunk, after the layout's first paint
const SortableTabBar = lazy(() => import('./sortable-tab-bar'));

/** The page tabs: switch, close, close left/right/others/all, refresh, drag to reorder. */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabsStore((s) => s.tabs);
  const active = useTabsStore((s) => s.active);
  const store = useTabsStore.getState;

  const run = (action: TabAction, path: string) => {
    const tab = tabs.find((x) => x.path === path);
    if (action === 'refresh') {
      if (tab) void navigate('/refresh', { state: { from: tab.fullPath } });
      return;
    }
    const next = {
      close: () => store().close(path),
      closeLeft: () => store().closeLeft(path),
      closeRight: () => store().closeRight(path),
      closeOthers: () => store().closeOthers(path),
      closeAll: () => store().closeAll(),
    }[action]();
    if (new URL(next, window.location.origin).pathname !== pathname) void navigate(next);
  };

  const items: TabsProps['items'] = tabs.map((tab) => {
    const route = routeByPath(tab.path);
    return {
      key: tab.path,
      closable: tab.path !== INDEX_PATH,
      label: (
        <Dropdown
          trigger={['contextMenu']}
          menu={{
            items: tabMenuItems({ tabs, active }, tab.path, t),
            onClick: ({ key, domEvent }) => {
              // The menu renders in a portal, but React bubbles its click to the tab: stop it
              // there, or choosing an action would also switch to this tab.
              domEvent.stopPropagation();
              run(key as TabAction, tab.path);
            },
          }}
        >
          <span className="cf-tab__label" data-testid={`tab:${tab.path}`}>
            {route ? t(`routes.${route.key}`) : tab.path}
          </span>
        </Dropdown>
      ),
    };
  });

  const current = tabs.some((tab) => tab.path === pathname) ? pathname : undefined;

  const actions = (
    <Dropdown
      trigger={['click']}
      menu={{
        items: tabMenuItems({ tabs, active }, current ?? active, t),
        onClick: ({ key }) => run(key as TabAction, current ?? active),
      }}
    >
      <Button type="text" size="small" aria-label={t('tabs.actions')} icon={<DownOutlined />} data-testid="tab-actions" />
    </Dropdown>
  );

  return (
    <div className="cf-tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={current}
        items={items}
        onChange={(key) => void navigate(tabs.find((tab) => tab.path === key)?.fullPath ?? key)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && run('close', key)}
        tabBarExtraContent={{ right: actions }}
        renderTabBar={(props, DefaultTabBar) => (
          <Suspense fallback={<DefaultTabBar {...props} />}>
            <SortableTabBar
              tabBarProps={props}
              DefaultTabBar={DefaultTabBar}
              paths={tabs.map((tab) => tab.path)}
              onMove={(from, to) => store().move(from, to)}
            />
          </Suspense>
        )}
      />
    </div>
  );
}
