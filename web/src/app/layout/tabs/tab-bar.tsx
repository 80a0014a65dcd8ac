import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, type TabsProps } from 'antd';
import { lazy, Suspense, useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeByPath } from '@/lib/route-table';
import { useTabsStore } from '../../stores/tabs';
import { tabMenuItems, type TabAction } from './tab-actions';
import { INDEX_PATH } from './tab-rules';

// drag to reorder (dnd-kit) comes in its own chunk, after the layout's first paint
const SortableTabBar = lazy(() => import('./sortable-tab-bar'));
const GOTO = 'goto:';

/**
 * The page tabs: switch, close, close left/right/others/all, refresh, drag to reorder.
 *
 * Accessibility (issue 30), the WAI-ARIA tabs pattern: antd's strip is the tablist and each tab's
 * role="tab" element holds only its name, so the tablist owns tabs alone. The close cross is drawn
 * inside the tab for the mouse but hidden from assistive technology and out of the tab order (a
 * button there would be an interactive element nested in a tab, and a button owned by the tablist);
 * the keyboard closes the focused tab with Delete (the pattern's key for it), and the tab actions
 * (close, close others...) are a button beside the tablist rather than inside it. After a close
 * by keyboard the focus goes to the tab then shown, not lost on the page.
 */
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

  const strip = useRef<HTMLDivElement>(null);
  const focusAfterClose = useRef(false);
  // after each draw: a tab closed by keyboard hands the focus to the tab shown next
  useEffect(() => {
    if (!focusAfterClose.current) return;
    focusAfterClose.current = false;
    strip.current?.querySelector<HTMLElement>('.ant-tabs-tab-active [role="tab"]')?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Delete') return;
    const path = (event.target as HTMLElement).closest('[data-node-key]')?.getAttribute('data-node-key');
    if (!path || path === INDEX_PATH || !tabs.some((tab) => tab.path === path)) return;
    event.preventDefault();
    focusAfterClose.current = true;
    run('close', path);
  };

  const items: TabsProps['items'] = tabs.map((tab) => {
    const route = routeByPath(tab.path);
    return {
      key: tab.path,
      closable: false,
      label: (
        <>
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
          {tab.path !== INDEX_PATH && (
            <span
              className="ant-tabs-tab-remove cf-tab__close"
              aria-hidden="true"
              title={t('tabs.close')}
              onClick={(event) => {
                event.stopPropagation();
                run('close', tab.path);
              }}
            >
              <CloseOutlined />
            </span>
          )}
        </>
      ),
    };
  });

  const current = tabs.some((tab) => tab.path === pathname) ? pathname : undefined;

  // antd's own overflow button would sit inside the tablist (axe: aria-required-children), so it is hidden
  // (layout.css) and the open pages are listed here, beside the strip, where every tab stays one click away
  const openPages = {
    type: 'group' as const,
    label: t('tabs.openPages'),
    children: tabs.map((tab) => {
      const route = routeByPath(tab.path);
      return { key: `${GOTO}${tab.path}`, label: route ? t(`routes.${route.key}`) : tab.path };
    }),
  };
  const actions = (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [...tabMenuItems({ tabs, active }, current ?? active, t), { type: 'divider' }, openPages],
        onClick: ({ key }) => {
          if (!key.startsWith(GOTO)) return run(key as TabAction, current ?? active);
          const path = key.slice(GOTO.length);
          void navigate(tabs.find((tab) => tab.path === path)?.fullPath ?? path);
        },
      }}
    >
      <Button type="text" size="small" aria-label={t('tabs.actions')} icon={<DownOutlined />} data-testid="tab-actions" />
    </Dropdown>
  );

  return (
    <div className="cf-tabs" ref={strip}>
      <Tabs
        onKeyDown={onKeyDown}
        type="editable-card"
        hideAdd
        size="small"
        activeKey={current}
        items={items}
        onChange={(key) => void navigate(tabs.find((tab) => tab.path === key)?.fullPath ?? key)}
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
      {actions}
    </div>
  );
}
