import { Button, Space, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionNode } from '../api/types';
import { permissionLabel } from './labels';
import { checkState, indexPermissions, toggle } from './permission-tree';

interface Props {
  tree: readonly PermissionNode[];
  value: ReadonlySet<string>;
  onChange?(keys: Set<string>): void;
  /** A preset or a role the user may only look at. */
  readOnly?: boolean;
}

/**
 * The page and button keys of a role, grouped as the menu is. A key the editor does not hold
 * cannot be ticked (its box is disabled); ticking a page ticks its buttons.
 */
export function PermissionTreeEditor({ tree, value, onChange, readOnly = false }: Props) {
  const { t } = useTranslation();
  const index = useMemo(() => indexPermissions(tree), [tree]);
  const groupKeys = useMemo(() => tree.map((node) => node.key), [tree]);
  const [expanded, setExpanded] = useState<string[]>(groupKeys);

  const treeData = useMemo(() => {
    const toData = (node: PermissionNode, page?: string): TreeDataNode => ({
      key: node.key,
      title: (
        <span data-testid={`perm:${node.key}`} title={node.grantable ? undefined : t('user.roles.treeHelp')}>
          {permissionLabel(t, node, page)}
        </span>
      ),
      disableCheckbox: readOnly || !node.grantable,
      children: (node.children ?? []).map((child) => toData(child, node.kind === 'page' ? node.key : undefined)),
      isLeaf: (node.children ?? []).length === 0,
    });
    return tree.map((node) => toData(node));
  }, [tree, readOnly, t]);

  const state = useMemo(() => checkState(index, value), [index, value]);
  const count = useMemo(() => index.keys.filter((key) => value.has(key)).length, [index, value]);

  // A scrolling list must be reachable by keyboard (axe: scrollable-region-focusable): read-only, nothing in it
  // takes the focus, so the list itself does, named as its field.
  return (
    <div className="cf-perm-tree" {...(readOnly ? { tabIndex: 0, role: 'group', 'aria-label': t('user.fields.keys') } : {})}>
      <Space className="cf-perm-tree__bar" wrap>
        <Typography.Text type="secondary">{t('user.roles.selected', { count })}</Typography.Text>
        <Button size="small" color="primary" variant="link" onClick={() => setExpanded([...index.kind.keys()].filter((k) => index.kind.get(k) !== 'button'))}>
          {t('user.roles.expandAll')}
        </Button>
        <Button size="small" color="primary" variant="link" onClick={() => setExpanded([])}>
          {t('user.roles.collapseAll')}
        </Button>
      </Space>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        checkedKeys={state}
        onCheck={(_, info) => {
          if (readOnly || !onChange) return;
          onChange(toggle(index, value, String(info.node.key), info.checked));
        }}
      />
    </div>
  );
}
