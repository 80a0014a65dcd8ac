import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PermissionNode } from '../api/types';
import { PermissionTreeEditor } from './permission-tree-editor';
import { readIn } from '@/test/i18n';

const node = (key: string, kind: string, grantable: boolean, children: PermissionNode[] = []): PermissionNode => ({
  key,
  name: key,
  kind,
  sort: 0,
  grantable,
  children,
});

const TREE: PermissionNode[] = [
  node('group:user', 'group', true, [
    node('user/index', 'page', true, [node('user/index/add', 'button', true), node('user/index/delete', 'button', false)]),
  ]),
];

beforeAll(() => readIn('en'));

function checkboxOf(key: string): HTMLElement {
  const row = screen.getByTestId(`perm:${key}`).closest('.ant-tree-treenode');
  const box = row?.querySelector('.ant-tree-checkbox');
  if (!(box instanceof HTMLElement)) throw new Error(`no checkbox for ${key}`);
  return box;
}

/** Opens a page's branch (pages start closed, menu groups open). */
function expand(key: string): void {
  const switcher = screen.getByTestId(`perm:${key}`).closest('.ant-tree-treenode')?.querySelector('.ant-tree-switcher');
  if (!(switcher instanceof HTMLElement)) throw new Error(`no switcher for ${key}`);
  fireEvent.click(switcher);
}

describe('the role editor tree', () => {
  it('shows the menu group, the page and the buttons in the user’s language', () => {
    render(<PermissionTreeEditor tree={TREE} value={new Set()} onChange={() => undefined} />);
    expand('user/index');
    expect(screen.getByText('User management')).toBeInTheDocument();
    expect(screen.getByText('Users')).toBeInTheDocument();
    expect(screen.getByText('Add')).toBeInTheDocument();
    expect(screen.getByText('Delete')).toBeInTheDocument();
  });

  it('ticking a page ticks the buttons the user holds', () => {
    const onChange = vi.fn<(keys: Set<string>) => void>();
    render(<PermissionTreeEditor tree={TREE} value={new Set()} onChange={onChange} />);
    fireEvent.click(checkboxOf('user/index'));
    expect([...(onChange.mock.calls[0]?.[0] ?? [])].toSorted()).toEqual(['user/index', 'user/index/add']);
  });

  it('unticking a page unticks its buttons', () => {
    const onChange = vi.fn<(keys: Set<string>) => void>();
    render(<PermissionTreeEditor tree={TREE} value={new Set(['user/index', 'user/index/add'])} onChange={onChange} />);
    expand('user/index');
    expect(checkboxOf('user/index')).toHaveClass('ant-tree-checkbox-checked');
    expect(checkboxOf('user/index/add')).toHaveClass('ant-tree-checkbox-checked');
    fireEvent.click(checkboxOf('user/index'));
    expect([...(onChange.mock.calls[0]?.[0] ?? [])]).toEqual([]);
  });

  it('disables a key the user does not hold, so it cannot be ticked', () => {
    const onChange = vi.fn<(keys: Set<string>) => void>();
    render(<PermissionTreeEditor tree={TREE} value={new Set()} onChange={onChange} />);
    expand('user/index');
    const locked = checkboxOf('user/index/delete');
    expect(locked).toHaveClass('ant-tree-checkbox-disabled');
    expect(checkboxOf('user/index/add')).not.toHaveClass('ant-tree-checkbox-disabled');
    fireEvent.click(locked);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is read-only for a preset', () => {
    const onChange = vi.fn<(keys: Set<string>) => void>();
    render(<PermissionTreeEditor tree={TREE} value={new Set(['user/index'])} onChange={onChange} readOnly />);
    expect(checkboxOf('user/index')).toHaveClass('ant-tree-checkbox-disabled');
    fireEvent.click(checkboxOf('user/index'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
