import { describe, expect, it } from 'vitest';
import type { PermissionNode } from '../api/types';
import { checkState, indexPermissions, offeredTree, orderedKeys, toggle } from './permission-tree';

const node = (key: string, kind: string, grantable: boolean, children: PermissionNode[] = []): PermissionNode => ({
  key,
  name: key,
  kind,
  sort: 0,
  grantable,
  children,
});

/** Users page with buttons (one not held), and a page the editor does not hold at all. */
const TREE: PermissionNode[] = [
  node('group:user', 'group', true, [
    node('user/index', 'page', true, [
      node('user/index/add', 'button', true),
      node('user/index/edit', 'button', true),
      node('user/index/delete', 'button', false),
    ]),
    node('user/role', 'page', true, [node('user/role/add', 'button', true)]),
  ]),
  node('group:version', 'group', false, [node('version/app', 'page', false, [node('version/app/add', 'button', false)])]),
];
const index = indexPermissions(TREE);
const sorted = (keys: Iterable<string>) => [...keys].toSorted();

describe('ticking in the role tree', () => {
  it('ticks a page with the buttons the editor holds', () => {
    expect(sorted(toggle(index, new Set(), 'user/index', true))).toEqual(['user/index', 'user/index/add', 'user/index/edit']);
  });

  it('unticks a page with its buttons', () => {
    const all = new Set(['user/index', 'user/index/add', 'user/index/edit', 'user/role']);
    expect(sorted(toggle(index, all, 'user/index', false))).toEqual(['user/role']);
  });

  it('ticks the page of a ticked button, and unticks only the button', () => {
    expect(sorted(toggle(index, new Set(), 'user/index/edit', true))).toEqual(['user/index', 'user/index/edit']);
    expect(sorted(toggle(index, new Set(['user/index', 'user/index/edit']), 'user/index/edit', false))).toEqual(['user/index']);
  });

  it('ticks and unticks a whole menu group', () => {
    const on = toggle(index, new Set(), 'group:user', true);
    expect(sorted(on)).toEqual(['user/index', 'user/index/add', 'user/index/edit', 'user/role', 'user/role/add']);
    expect(sorted(toggle(index, on, 'group:user', false))).toEqual([]);
  });

  it('never adds a key the editor does not hold', () => {
    expect(sorted(toggle(index, new Set(), 'user/index/delete', true))).toEqual([]);
    expect(sorted(toggle(index, new Set(), 'group:version', true))).toEqual([]);
    expect(sorted(toggle(index, new Set(), 'version/app', true))).toEqual([]);
  });

  it('keeps a key the editor does not hold that the role already has', () => {
    const role = new Set(['user/index', 'user/index/delete', 'version/app']);
    expect(sorted(toggle(index, role, 'user/index', false))).toEqual(['user/index/delete', 'version/app']);
    expect(sorted(toggle(index, role, 'group:version', false))).toEqual(['user/index', 'user/index/delete', 'version/app']);
  });
});

describe('what the tree shows', () => {
  it('marks groups and pages half ticked when only part is held', () => {
    const state = checkState(index, new Set(['user/index/add']));
    expect(state.checked).toEqual(['user/index/add']);
    expect(sorted(state.halfChecked)).toEqual(['group:user', 'user/index']);
  });

  it('marks a group ticked when everything under it is', () => {
    const keys = new Set(['user/index', 'user/index/add', 'user/index/edit', 'user/index/delete', 'user/role', 'user/role/add']);
    expect(checkState(index, keys).checked).toContain('group:user');
  });

  it('gives the server catalogue keys only, in tree order', () => {
    expect(orderedKeys(index, new Set(['user/role', 'group:user', 'user/index', 'unknown']))).toEqual(['user/index', 'user/role']);
  });
});

describe('the keys the role editor offers', () => {
  it('offers only pages with a screen, with their buttons, and drops groups left empty', () => {
    const offered = offeredTree(TREE, (key) => key === 'user/index');
    expect(offered.map((n) => n.key)).toEqual(['group:user']);
    expect(offered[0]?.children?.map((n) => n.key)).toEqual(['user/index']);
    expect(offered[0]?.children?.[0]?.children?.length).toBe(3);
  });

  it('keeps a held key of a screen not offered when the role is saved', () => {
    expect(orderedKeys(index, new Set(['version/app', 'user/index']))).toEqual(['user/index', 'version/app']);
  });
});
