import { describe, expect, it } from 'vitest';
import { fullGroups, keyTree, toggleKey } from './key-tree';

const KEYS = [
  { key: 'elevator/index', name: 'Elevators', kind: 'page', group: 'other', page: 'elevator/index', personOnly: false },
  { key: 'elevator/index/add', name: 'Elevators: add', kind: 'button', group: 'other', page: 'elevator/index', personOnly: false },
  { key: 'elevator/index/delete', name: 'Elevators: delete', kind: 'button', group: 'other', page: 'elevator/index', personOnly: false },
  { key: 'log', name: 'Operation log', kind: 'page', group: 'other', page: 'log', personOnly: false },
  { key: 'device/index/export', name: 'Device list: export', kind: 'button', group: 'device', page: 'device/index', personOnly: false },
];

describe('the token key tree', () => {
  const tree = keyTree(KEYS);

  it('groups keys as the menu does, buttons under their page (or their group without it)', () => {
    expect(tree.map((g) => g.key)).toEqual(['group:other', 'group:device']);
    expect(tree[0]?.children.map((p) => p.key)).toEqual(['elevator/index', 'log']);
    expect(tree[0]?.children[0]?.children.map((b) => b.key)).toEqual(['elevator/index/add', 'elevator/index/delete']);
    expect(tree[1]?.children.map((b) => b.key)).toEqual(['device/index/export']);
  });

  it('a page alone is read access; a button brings its page; unticking a page drops its buttons', () => {
    expect(toggleKey(tree, [], 'elevator/index', true)).toEqual(['elevator/index']);
    expect(toggleKey(tree, [], 'elevator/index/add', true)).toEqual(['elevator/index', 'elevator/index/add']);
    expect(toggleKey(tree, ['elevator/index', 'elevator/index/add', 'log'], 'elevator/index', false)).toEqual(['log']);
  });

  it('a group ticks and unticks all its keys, and shows ticked when all are chosen', () => {
    const all = toggleKey(tree, [], 'group:other', true);
    expect(all).toEqual(['elevator/index', 'elevator/index/add', 'elevator/index/delete', 'log']);
    expect(fullGroups(tree, all)).toEqual(['group:other']);
    expect(toggleKey(tree, all, 'group:other', false)).toEqual([]);
  });

  it('never ticks a key only a person may use, alone, with its page or with its group', () => {
    const mixed = keyTree([
      ...KEYS,
      { key: 'user/index', name: 'Users', kind: 'page', group: 'user', page: 'user/index', personOnly: false },
      { key: 'user/index/add', name: 'Users: add', kind: 'button', group: 'user', page: 'user/index', personOnly: true },
      { key: 'user/index/edit', name: 'Users: edit', kind: 'button', group: 'user', page: 'user/index', personOnly: false },
      { key: 'integration/token', name: 'API tokens', kind: 'page', group: 'integration', page: 'integration/token', personOnly: true },
    ]);
    expect(toggleKey(mixed, [], 'user/index/add', true)).toEqual([]);
    const users = toggleKey(mixed, [], 'group:user', true);
    expect(users).toEqual(['user/index', 'user/index/edit']);
    expect(fullGroups(mixed, users)).toEqual(['group:user']);
    expect(toggleKey(mixed, [], 'group:integration', true)).toEqual([]);
    expect(fullGroups(mixed, [])).toEqual([]);
    expect(mixed.find((g) => g.key === 'group:integration')?.personOnly).toBe(true);
  });
});
