import { TreeSelect } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ownerChildrenQueryOptions, ownerLineQueryOptions } from '@/api/device/owners';
import type { OwnerNode } from '@/api/device/types';
import { actingUserId, useSessionStore } from '@/lib/session';

interface Props {
  id?: string;
  value?: number | null;
  onChange?(value: number | null): void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: React.CSSProperties;
  'aria-label'?: string;
  'data-testid'?: string;
}

interface TreeNode {
  id: number;
  pId: number;
  value: number;
  title: string;
  isLeaf: boolean;
}

export function ownerLabel(node: Pick<OwnerNode, 'name' | 'account'>): string {
  return node.name && node.name !== node.account ? `${node.name} (${node.account})` : node.account;
}

/**
 * The owner picker of every screen: the caller's subtree as a tree, loaded a level at a time
 * (selectOwnUser with parentId), searchable by name; a chosen owner's line is fetched so its name
 * shows before anyone expands the tree. Cleared (null) means no owner chosen: "all of my subtree"
 * for a filter.
 */
export function OwnerPicker({ value, onChange, placeholder, allowClear = true, 'data-testid': testId = 'owner-picker', ...rest }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rootId = useSessionStore((s) => (s.user ? actingUserId(s.user) : null));
  const [nodes, setNodes] = useState<ReadonlyMap<number, OwnerNode>>(new Map());
  const [loadedKeys, setLoadedKeys] = useState<number[]>([]);

  const merge = useCallback((list: OwnerNode[]) => {
    setNodes((previous) => {
      const next = new Map(previous);
      for (const node of list) next.set(node.userId, node);
      return next;
    });
  }, []);

  useEffect(() => {
    if (rootId === null) return;
    queryClient.fetchQuery(ownerLineQueryOptions(rootId)).then(merge, () => undefined);
  }, [queryClient, rootId, merge]);

  const known = value !== null && value !== undefined && nodes.has(value);
  useEffect(() => {
    if (value === null || value === undefined || known) return;
    queryClient.fetchQuery(ownerLineQueryOptions(value)).then(merge, () => undefined);
  }, [queryClient, value, known, merge]);

  const treeData = useMemo<TreeNode[]>(
    () =>
      [...nodes.values()].map((node) => ({
        id: node.userId,
        pId: node.userId === rootId ? 0 : (node.parentId ?? 0),
        value: node.userId,
        title: ownerLabel(node),
        isLeaf: !node.hasChildren,
      })),
    [nodes, rootId],
  );

  const loadData = useCallback(
    async ({ value: parentId }: { value?: unknown }) => {
      if (typeof parentId !== 'number') return;
      merge(await queryClient.fetchQuery(ownerChildrenQueryOptions(parentId)));
      setLoadedKeys((keys) => (keys.includes(parentId) ? keys : [...keys, parentId]));
    },
    [queryClient, merge],
  );

  const shownPlaceholder = placeholder ?? t('common.chooseOwner');
  return (
    <TreeSelect<number>
      {...rest}
      // A filter bar's picker has no visible label, only its placeholder, which antd draws beside the search
      // input rather than on it: the placeholder names it for assistive technology (issue 30, axe "label").
      // In a form, the form item's label names it through the id antd passes (rest.id).
      aria-label={rest['aria-label'] ?? (rest.id ? undefined : shownPlaceholder)}
      data-testid={testId}
      value={known ? value : undefined}
      onChange={(next) => onChange?.(next ?? null)}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: 0 }}
      treeData={treeData}
      loadData={loadData}
      treeLoadedKeys={loadedKeys}
      treeDefaultExpandedKeys={rootId === null ? [] : [rootId]}
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear={allowClear}
      placeholder={shownPlaceholder}
      popupMatchSelectWidth={false}
      notFoundContent={t('common.noOwnerFound')}
    />
  );
}

const FILTER_STYLE: React.CSSProperties = { minWidth: 220 };

/** The owner picker as a list filter: empty reads "all owners in my organisation". */
export function OwnerFilter(props: Props) {
  const { t } = useTranslation();
  const placeholder = props.placeholder ?? t('common.allOwners');
  // A filter has no visible label even inside a form (the form item's id is not a label): its placeholder names it.
  return <OwnerPicker aria-label={placeholder} {...props} placeholder={placeholder} style={{ ...FILTER_STYLE, ...props.style }} />;
}
