import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { closable, type TabList } from './tab-rules';

export type TabAction = 'refresh' | 'close' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';

/** The tab menu for one tab, with actions that would change nothing disabled. */
export function tabMenuItems(list: TabList, path: string, t: TFunction): NonNullable<MenuProps['items']> {
  const can = closable(list, path);
  return [
    { key: 'refresh', label: t('tabs.refresh') },
    { type: 'divider' },
    { key: 'close', label: t('tabs.close'), disabled: !can.close },
    { key: 'closeLeft', label: t('tabs.closeLeft'), disabled: !can.left },
    { key: 'closeRight', label: t('tabs.closeRight'), disabled: !can.right },
    { key: 'closeOthers', label: t('tabs.closeOthers'), disabled: !can.others },
    { key: 'closeAll', label: t('tabs.closeAll'), disabled: !can.all },
  ];
}
