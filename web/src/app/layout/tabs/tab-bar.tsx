import { DownOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, PointerSensor, useSensor, type DragEndEvent } from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Dropdown, Tabs, type TabsProps } from 'antd';
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeByPath } from '@/lib/route-table';
import { useTabsStore } from '../../stores/tabs';
import { tabMenuItems, type TabAction } from './tab-actions';
import { INDEX_PATH } from './tab-rules';

interface DraggableTabProps {
  'data-node-key': string;
  children: ReactElement<{ style?: object }>;
}

function DraggableTab({ 'data-node-key': path, children }: DraggableTabProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: path,
    disabled: path === INDEX_PATH,
  });
  const style = {
    ...children.props.style,
    transform: CSS.Translate.toString(transform && { ...transform, scaleX: 1 }),
    transition,
    zIndex: isDragging ? 1 : undefined,
  };
  // The index tab stays first: it takes part in collisions but is neither draggable nor
  // announced as disabled.
  const drag = path === INDEX_PATH ? {} : { ...attributes, ...listeners, role: 'tab' };
  return cloneElement(children, { ref: setNodeRef, style, ...drag } as object);
}

/** The page tabs: switch, close, close left/right/others/all, refresh, drag to reorder. */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabsStore((s) => s.tabs);
  const active = useTabsStore((s) => s.active);
  const store = useTabsStore.getState;
  const sensor = useSensor(PointerSensor, { activationConstraint: { distance: 8 } });

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

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    if (over && dragged.id !== over.id) store().move(String(dragged.id), String(over.id));
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
          <DndContext sensors={[sensor]} onDragEnd={onDragEnd} collisionDetection={closestCenter}>
            <SortableContext items={tabs.map((tab) => tab.path)} strategy={horizontalListSortingStrategy}>
              <DefaultTabBar {...props}>
                {(node) => (
                  <DraggableTab {...(node.props as DraggableTabProps)} key={node.key}>
                    {node as DraggableTabProps['children']}
                  </DraggableTab>
                )}
              </DefaultTabBar>
            </SortableContext>
          </DndContext>
        )}
      />
    </div>
  );
}
