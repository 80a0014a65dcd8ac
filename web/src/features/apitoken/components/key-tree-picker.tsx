import { Tag, Tooltip, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GrantableKey } from '../api/tokens';
import { fullGroups, GROUP_PREFIX, keyTree, toggleKey, type KeyNode } from './key-tree';

interface Props {
  keys: readonly GrantableKey[];
  value?: string[];
  onChange?(keys: string[]): void;
}

/** Label of a node in the user's language: the group's and page's names of the menu, the button's action. */
function useLabel() {
  const { t } = useTranslation();
  return (node: KeyNode): string => {
    if (node.kind === 'group') {
      const group = node.key.slice(GROUP_PREFIX.length);
      // the menu's groups by their menu names; the catalogue's home and other groups have none there
      const key = group === 'home' || group === 'other' ? `apitoken.groups.${group}` : `menuGroups.${group}`;
      return t(key as never, { defaultValue: node.name });
    }
    if (node.kind === 'page') return t(`routes.${node.key}` as never, { defaultValue: node.name });
    const action = node.page && node.key.startsWith(`${node.page}/`) ? node.key.slice(node.page.length + 1) : node.key;
    return t(`user.permissions.actions.${action}` as never, { defaultValue: node.name });
  };
}

/** The user's own keys as a checkable tree grouped as the menu (the role editor's grouping); a form control.
 * A page ticked alone is read access; its buttons are the actions (key-tree.ts `toggleKey`). A key only a person
 * may use is shown disabled, with the reason. */
export function KeyTreePicker({ keys, value = [], onChange }: Props) {
  const { t } = useTranslation();
  const label = useLabel();
  const tree = useMemo(() => keyTree(keys), [keys]);
  const [expanded, setExpanded] = useState<string[]>(() => tree.map((group) => group.key));
  const treeData = useMemo(() => {
    const toData = (node: KeyNode): TreeDataNode => ({
      key: node.key,
      title: node.personOnly ? (
        <Tooltip title={t('apitoken.dialog.personOnlyWhy')}>
          <span data-testid={`token-key:${node.key}`} data-person-only="true">
            {label(node)}{' '}
            <Tag bordered={false} className="cf-token-person-only">
              {t('apitoken.dialog.personOnly')}
            </Tag>
          </span>
        </Tooltip>
      ) : (
        <span data-testid={`token-key:${node.key}`}>{label(node)}</span>
      ),
      disableCheckbox: node.personOnly,
      children: node.children.map(toData),
      isLeaf: node.children.length === 0,
    });
    return tree.map(toData);
  }, [tree, label, t]);
  if (keys.length === 0) return <Typography.Text type="secondary">{t('apitoken.dialog.noKeys')}</Typography.Text>;
  return (
    <div className="cf-token-keys">
      <Typography.Text type="secondary">{t('apitoken.dialog.selected', { count: value.length })}</Typography.Text>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={(next) => setExpanded(next.map(String))}
        checkedKeys={{ checked: [...value, ...fullGroups(tree, value)], halfChecked: [] }}
        onCheck={(_, info) => onChange?.(toggleKey(tree, value, String(info.node.key), info.checked))}
      />
    </div>
  );
}
