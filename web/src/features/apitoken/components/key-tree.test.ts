import { describe, expect, it } from 'vitest';
import { fullGroups, keyTree, toggleKey } from './key-tree';

const KEYS = [
  { key: 'elevator/index', name: 'Elevators', kind: 'page', group: 'other', page: 'elevator/index' },
  { key: 'elevator/index/add', name: 'Elevators: add', kind: 'button', group: 'other', page: 'elevator/index' },
  { key: 'elevator/index/delete', name: 'Elevators: delete', kind: 'button', group: 'other', page: 'elevator/index' },
  { key: 'log', name: 'Operation log', kind: 'page', group: 'other', page: 'log' },
  { key: 'device/index/export', name: 'Device list: export', kind: 'button', group: 'device', page: 'device/index' },
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
});
