import { Collapse, Tabs, type TabsProps } from 'antd';
import type { ReactNode } from 'react';
import { useIsPhone } from '@/lib/use-is-phone';
import './responsive-table.css';

export interface ResponsiveTabItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

interface Props extends Omit<TabsProps, 'items'> {
  items: ResponsiveTabItem[];
}

/**
 * Sections of a page: tabs on a desktop; on a phone (issue 32) an accordion, the first section open. A phone's
 * screen holds two or three tab names: the rest went behind antd's "more" button, which sits inside the tablist
 * (an accessibility fault) and hides what the page has. Each section's content mounts when first opened, as a
 * tab's does when first shown.
 */
export function ResponsiveTabs({ items, ...tabs }: Props) {
  const phone = useIsPhone();
  if (!phone) return <Tabs {...tabs} items={items} />;
  return <Collapse className="cf-rtabs" defaultActiveKey={items[0]?.key} items={items} />;
}
