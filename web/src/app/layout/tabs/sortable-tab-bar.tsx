/**
 * The tab strip with drag to reorder (dnd-kit). Its own chunk: the layout draws the plain strip at
 * once and this one takes over as soon as it has loaded, so dnd-kit is not part of the first load.
 */
import { closestCenter, DndContext, PointerSensor, useSensor, type DragEndEvent } from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TabsProps } from 'antd';
import { cloneElement, type ReactElement } from 'react';
import { INDEX_PATH } from './tab-rules';

type RenderTabBar = NonNullable<TabsProps['renderTabBar']>;

interface DraggableTabProps {
  'data-node-key': string;
  children: ReactElement<{ style?: object }>;
}

function DraggableTab({ 'data-node-key': path, children }: DraggableTabProps) {
  const { listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: path,
    disabled: path === INDEX_PATH,
  });
  const style = {
    ...children.props.style,
    transform: CSS.Translate.toString(transform && { ...transform, scaleX: 1 }),
    transition,
    zIndex: isDragging ? 1 : undefined,
  };
  // The index tab stays first: it takes part in collisions but is not draggable. Only the pointer
  // listeners go on the tab's wrapper: dnd-kit's attributes (a focusable role="button", or the role
  // "tab" set here before) made the wrapper a second, interactive tab around antd's own role="tab"
  // and its close button (axe: aria-required-parent, nested-interactive). The tabs pattern stays
  // antd's: a tablist of tabs, each tab's close button beside it, not inside it. Reordering is by
  // pointer only (the sensor is a PointerSensor), so nothing is lost for the keyboard.
  const drag = path === INDEX_PATH ? {} : listeners;
  return cloneElement(children, { ref: setNodeRef, style, ...drag } as object);
}

export interface SortableTabBarProps {
  tabBarProps: Parameters<RenderTabBar>[0];
  DefaultTabBar: Parameters<RenderTabBar>[1];
  /** The tabs' paths in their order. */
  paths: string[];
  /** Moves the tab `from` to where the tab `to` is. */
  onMove(from: string, to: string): void;
}

export default function SortableTabBar({ tabBarProps, DefaultTabBar, paths, onMove }: SortableTabBarProps) {
  const sensor = useSensor(PointerSensor, { activationConstraint: { distance: 8 } });
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    if (over && dragged.id !== over.id) onMove(String(dragged.id), String(over.id));
  };
  return (
    <DndContext sensors={[sensor]} onDragEnd={onDragEnd} collisionDetection={closestCenter}>
      <SortableContext items={paths} strategy={horizontalListSortingStrategy}>
        <DefaultTabBar {...tabBarProps}>
          {(node) => (
            <DraggableTab {...(node.props as DraggableTabProps)} key={node.key}>
              {node as DraggableTabProps['children']}
            </DraggableTab>
          )}
        </DefaultTabBar>
      </SortableContext>
    </DndContext>
  );
}
