import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../api/types';
import { BRANCH_PAGE, useUserTree, type TreeRow } from './use-user-tree';

type Body = { userId: number; currentPage: number; pageSize: number };
const post = vi.hoisted(() => vi.fn<(path: string, body: Body, options?: object) => Promise<unknown>>());
vi.mock('@/api/client', () => ({ post }));

function user(userId: number, parentId: number, hasChildren = false): UserRow {
  return {
    userId,
    parentId,
    hasChildren,
    account: `u${userId}`,
    name: `User ${userId}`,
    phone: '',
    email: '',
    url: '',
    levelDepth: 3,
    type: 'user',
    shadowId: null,
    emailToTask: 0,
    emailToWarn: 0,
    emailToTaskReport: 0,
    role: '[11]',
    roleIds: [11],
    roleGroupId: null,
    remark: '',
    createTime: '2026-11-21T00:00:00Z',
  };
}

/** Root 1 has children 2 and 3; user 2 has 120 children of its own. */
const CHILDREN: Record<number, UserRow[]> = {
  1: [user(2, 1, true), user(3, 1)],
  2: Array.from({ length: 120 }, (_, i) => user(100 + i, 2)),
};

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  post.mockReset();
  post.mockImplementation((_path, body) => {
    const all = CHILDREN[body.userId] ?? [];
    const start = (body.currentPage - 1) * body.pageSize;
    return Promise.resolve({
      user: user(body.userId, 0, all.length > 0),
      padConfig: null,
      childs: { list: all.slice(start, start + body.pageSize), total: all.length, pageNum: body.currentPage, pageSize: body.pageSize },
    });
  });
});

let client: QueryClient;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const kinds = (rows: TreeRow[] | undefined) => (rows ?? []).map((row) => row.kind);

describe('the lazy user tree', () => {
  it('shows the root’s children and fetches a branch only when it opens', async () => {
    const { result } = renderHook(() => useUserTree(1, 1, 20), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(post).toHaveBeenCalledTimes(1);
    const branch = result.current.rows[0];
    expect(branch?.kind === 'user' && branch.children?.map((row) => row.kind)).toEqual(['loading']);
    expect(result.current.rows[1]).not.toHaveProperty('children');

    act(() => result.current.toggle(2, true));
    await waitFor(() => expect(kinds((result.current.rows[0] as { children?: TreeRow[] }).children)).toHaveLength(BRANCH_PAGE + 1));
    const children = (result.current.rows[0] as { children?: TreeRow[] }).children ?? [];
    expect(children.at(-1)).toMatchObject({ kind: 'more', parentId: 2, remaining: 120 - BRANCH_PAGE });
    expect(post).toHaveBeenLastCalledWith('/api/user/selectUserInfo', { userId: 2, showChild: true, currentPage: 1, pageSize: BRANCH_PAGE }, expect.anything());
  });

  it('shows more of a branch page by page until all are there', async () => {
    const { result } = renderHook(() => useUserTree(1, 1, 20), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    act(() => result.current.toggle(2, true));
    await waitFor(() => expect(result.current.branches[2]?.list).toHaveLength(BRANCH_PAGE));
    act(() => result.current.showMore(2));
    await waitFor(() => expect(result.current.branches[2]?.list).toHaveLength(2 * BRANCH_PAGE));
    act(() => result.current.showMore(2));
    await waitFor(() => expect(result.current.branches[2]?.list).toHaveLength(120));
    const children = (result.current.rows[0] as { children?: TreeRow[] }).children ?? [];
    expect(children.every((row) => row.kind === 'user')).toBe(true);
    expect(new Set(children.map((row) => row.key)).size).toBe(120);
  });

  it('says when a branch fails and tries again', async () => {
    const { result } = renderHook(() => useUserTree(1, 1, 20), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    post.mockRejectedValueOnce(new Error('offline'));
    act(() => result.current.toggle(2, true));
    await waitFor(() => expect(result.current.branches[2]?.failed).toBe(true));
    expect(kinds((result.current.rows[0] as { children?: TreeRow[] }).children)).toEqual(['failed']);
    act(() => result.current.retry(2));
    await waitFor(() => expect(result.current.branches[2]?.list).toHaveLength(BRANCH_PAGE));
  });

  it('reads the open branches again when the users change', async () => {
    const { result } = renderHook(() => useUserTree(1, 1, 20), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    act(() => result.current.toggle(2, true));
    await waitFor(() => expect(result.current.branches[2]?.list).toHaveLength(BRANCH_PAGE));
    CHILDREN[2] = [user(999, 2), ...(CHILDREN[2] ?? [])];
    await act(() => client.invalidateQueries({ queryKey: ['user'] }));
    await waitFor(() => expect(result.current.branches[2]?.list[0]?.userId).toBe(999));
    expect(result.current.branches[2]?.total).toBe(121);
  });
});
