import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { userInfoQueryOptions } from '../api/users';
import type { UserRow } from '../api/types';

/** Child users fetched per call when a branch opens or shows more. */
export const BRANCH_PAGE = 50;

export interface Branch {
  list: UserRow[];
  total: number;
  loading: boolean;
  failed: boolean;
}

/** A row of the tree table: a user, or a branch's "show more" / loading / failed line. */
export type TreeRow =
  | { key: string; kind: 'user'; user: UserRow; children?: TreeRow[] }
  | { key: string; kind: 'more'; parentId: number; remaining: number }
  | { key: string; kind: 'loading'; parentId: number }
  | { key: string; kind: 'failed'; parentId: number };

export const rowKey = (userId: number) => `u${userId}`;

/**
 * The lazy tree of the users page: one page of the root's children (paged like a table), and for
 * every opened user its children, fetched when it opens (BRANCH_PAGE at a time, "show more").
 */
export function useUserTree(rootId: number, page: number, pageSize: number) {
  const queryClient = useQueryClient();
  const root = useQuery(userInfoQueryOptions({ userId: rootId, showChild: true, currentPage: page, pageSize }));
  const [branches, setBranches] = useState<Record<number, Branch>>({});
  const [expanded, setExpanded] = useState<number[]>([]);
  const branchesRef = useRef(branches);
  useEffect(() => {
    branchesRef.current = branches;
  }, [branches]);

  const fetchChildren = useCallback(
    (userId: number, currentPage: number, size: number) =>
      queryClient.fetchQuery({ ...userInfoQueryOptions({ userId, showChild: true, currentPage, pageSize: size }), staleTime: 0 }),
    [queryClient],
  );

  const load = useCallback(
    async (userId: number, mode: 'open' | 'more' | 'reload') => {
      const before = branchesRef.current[userId];
      if (mode === 'open' && before && !before.failed) return;
      const loaded = before?.list ?? [];
      const nextPage = mode === 'more' ? Math.floor(loaded.length / BRANCH_PAGE) + 1 : 1;
      const size = mode === 'reload' ? Math.max(BRANCH_PAGE, Math.ceil(loaded.length / BRANCH_PAGE) * BRANCH_PAGE) : BRANCH_PAGE;
      setBranches((all) => ({ ...all, [userId]: { list: loaded, total: before?.total ?? 0, loading: true, failed: false } }));
      try {
        const answer = await fetchChildren(userId, nextPage, size);
        const childs = answer.childs ?? { list: [], total: 0 };
        setBranches((all) => ({
          ...all,
          [userId]: {
            list: mode === 'more' ? [...loaded, ...childs.list.filter((u) => !loaded.some((l) => l.userId === u.userId))] : childs.list,
            total: childs.total,
            loading: false,
            failed: false,
          },
        }));
      } catch {
        setBranches((all) => ({ ...all, [userId]: { list: loaded, total: before?.total ?? 0, loading: false, failed: true } }));
      }
    },
    [fetchChildren],
  );

  const toggle = useCallback(
    (userId: number, open: boolean) => {
      setExpanded((keys) => (open ? [...keys.filter((k) => k !== userId), userId] : keys.filter((k) => k !== userId)));
      if (open) void load(userId, 'open');
    },
    [load],
  );

  // Any change to users invalidates the feature's queries: the root page reads again, and with it
  // every open branch (branches are fetched by hand, so nothing else would refresh them).
  const expandedRef = useRef(expanded);
  useEffect(() => {
    expandedRef.current = expanded;
  }, [expanded]);
  const rootReadAt = root.dataUpdatedAt;
  useEffect(() => {
    if (rootReadAt === 0) return;
    for (const id of expandedRef.current) if (branchesRef.current[id]) void load(id, 'reload');
  }, [rootReadAt, load]);

  /** After a change: the root page and every open branch read again; closed branches are forgotten. */
  const reload = useCallback(async () => {
    const open = new Set(expanded);
    setBranches((all) => Object.fromEntries(Object.entries(all).filter(([id]) => open.has(Number(id)))));
    await Promise.all([root.refetch(), ...expanded.map((id) => load(id, 'reload'))]);
  }, [expanded, load, root]);

  const rows = useMemo(() => {
    const build = (user: UserRow): TreeRow => {
      const row: TreeRow = { key: rowKey(user.userId), kind: 'user', user };
      if (!user.hasChildren) return row;
      const branch = branches[user.userId];
      const children: TreeRow[] = (branch?.list ?? []).map(build);
      if (!branch || (branch.loading && branch.list.length === 0)) {
        children.push({ key: `loading${user.userId}`, kind: 'loading', parentId: user.userId });
      } else if (branch.failed) {
        children.push({ key: `failed${user.userId}`, kind: 'failed', parentId: user.userId });
      } else if (branch.total > branch.list.length) {
        children.push({ key: `more${user.userId}`, kind: 'more', parentId: user.userId, remaining: branch.total - branch.list.length });
      }
      return { ...row, children };
    };
    return (root.data?.childs?.list ?? []).map(build);
  }, [root.data, branches]);

  return {
    root,
    rows,
    total: root.data?.childs?.total ?? 0,
    expandedKeys: expanded.map(rowKey),
    expandedIds: expanded,
    branches,
    toggle,
    showMore: (userId: number) => void load(userId, 'more'),
    retry: (userId: number) => void load(userId, 'reload'),
    reload,
  };
}
