import { TreeSelect } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actingUserId, useSessionStore } from '@/app/stores/session';
import { ownerChildrenQueryOptions, ownerLineQueryOptions } from '../api/get-owner-tree';
import type { OwnerNode } from '../api/types';

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
 * The owner picker: the caller's subtree as a tree, loaded a level at a time (selectOwnUser with
 * parentId); a chosen owner's line is fetched so its name shows before anyone expands the tree.
 */
export function OwnerTreeSelect({ value, onChange, placeholder, allowClear = true, ...rest }: Props) {
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

  return (
    <TreeSelect<number>
      {...rest}
      value={known ? value : undefined}
      onChange={(next) => onChange?.(next ?? null)}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: 0 }}
      treeData={treeData}
      loadData={loadData}
      treeLoadedKeys={loadedKeys}
      treeDefaultExpandedKeys={rootId === null ? [] : [rootId]}
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear={allowClear}
      placeholder={placeholder ?? t('device.owner.placeholder')}
      popupMatchSelectWidth={false}
      notFoundContent={t('device.owner.none')}
    />
  );
}
