import { describe, expect, it } from 'vitest';
import {
  INDEX_PATH,
  closable,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  moveTab,
  normalise,
  openTab,
  type TabList,
} from './tab-rules';

const tab = (path: string) => ({ path, fullPath: path });
/** index, a, b, c, d with `active` current. */
const list = (active = '/b'): TabList => ({
  tabs: [INDEX_PATH, '/a', '/b', '/c', '/d'].map(tab),
  active,
});
const paths = (l: TabList) => l.tabs.map((t) => t.path);

describe('openTab', () => {
  it('returns the same list when the tab is already open at that address and current', () => {
    const before = openTab(list('/a'), tab('/e'));
    expect(openTab(before, tab('/e'))).toBe(before);
    expect(openTab(before, { path: '/e', fullPath: '/e?x=1' })).not.toBe(before);
  });

  it('appends a new tab and makes it current', () => {
    const next = openTab(list('/a'), tab('/e'));
    expect(paths(next)).toEqual([INDEX_PATH, '/a', '/b', '/c', '/d', '/e']);
    expect(next.active).toBe('/e');
  });

  it('reuses an open tab and remembers its query', () => {
    const next = openTab(list('/a'), { path: '/c', fullPath: '/c?q=1' });
    expect(paths(next)).toEqual(paths(list()));
    expect(next.tabs[3]).toEqual({ path: '/c', fullPath: '/c?q=1' });
    expect(next.active).toBe('/c');
  });
});

describe('closeTab', () => {
  it('never closes the index tab', () => {
    expect(closeTab(list(INDEX_PATH), INDEX_PATH)).toEqual(list(INDEX_PATH));
  });

  it('moves from the closed current tab to its right neighbour', () => {
    const next = closeTab(list('/b'), '/b');
    expect(paths(next)).toEqual([INDEX_PATH, '/a', '/c', '/d']);
    expect(next.active).toBe('/c');
  });

  it('moves to the left neighbour when the closed current tab is the last', () => {
    const next = closeTab(list('/d'), '/d');
    expect(next.active).toBe('/c');
  });

  it('moves to index when the closed current tab was the only other one', () => {
    const next = closeTab({ tabs: [tab(INDEX_PATH), tab('/a')], active: '/a' }, '/a');
    expect(next).toEqual({ tabs: [tab(INDEX_PATH)], active: INDEX_PATH });
  });

  it('keeps the current tab when another one closes', () => {
    const next = closeTab(list('/b'), '/d');
    expect(paths(next)).toEqual([INDEX_PATH, '/a', '/b', '/c']);
    expect(next.active).toBe('/b');
  });
});

describe('bulk closes', () => {
  it('closes the tabs left of one, keeping index', () => {
    const next = closeLeft(list('/a'), '/c');
    expect(paths(next)).toEqual([INDEX_PATH, '/c', '/d']);
    expect(next.active).toBe('/c');
  });

  it('keeps the current tab when it survives closing left', () => {
    expect(closeLeft(list('/d'), '/c').active).toBe('/d');
  });

  it('closes the tabs right of one', () => {
    const next = closeRight(list('/d'), '/b');
    expect(paths(next)).toEqual([INDEX_PATH, '/a', '/b']);
    expect(next.active).toBe('/b');
  });

  it('closes right of index without closing index', () => {
    const next = closeRight(list('/d'), INDEX_PATH);
    expect(next).toEqual({ tabs: [tab(INDEX_PATH)], active: INDEX_PATH });
  });

  it('closes the others, keeping index and the chosen tab', () => {
    const next = closeOthers(list('/a'), '/c');
    expect(paths(next)).toEqual([INDEX_PATH, '/c']);
    expect(next.active).toBe('/c');
  });

  it('closes all but index', () => {
    expect(closeAll(list('/c'))).toEqual({ tabs: [tab(INDEX_PATH)], active: INDEX_PATH });
  });
});

describe('moveTab', () => {
  it('reorders tabs by drag and drop', () => {
    expect(paths(moveTab(list(), '/d', '/a'))).toEqual([INDEX_PATH, '/d', '/a', '/b', '/c']);
    expect(paths(moveTab(list(), '/a', '/c'))).toEqual([INDEX_PATH, '/b', '/c', '/a', '/d']);
  });

  it('keeps index first', () => {
    expect(moveTab(list(), INDEX_PATH, '/c')).toEqual(list());
    expect(moveTab(list(), '/c', INDEX_PATH)).toEqual(list());
  });
});

describe('normalise and closable', () => {
  it('puts index first and drops duplicates and a stale current tab', () => {
    const next = normalise({ tabs: [tab('/a'), tab(INDEX_PATH), tab('/a')], active: '/gone' });
    expect(next).toEqual({ tabs: [tab(INDEX_PATH), tab('/a')], active: INDEX_PATH });
  });

  it('adds the index tab when missing', () => {
    expect(paths(normalise({ tabs: [tab('/a')], active: '/a' }))).toEqual([INDEX_PATH, '/a']);
  });

  it('says which actions can close something', () => {
    expect(closable(list(), INDEX_PATH)).toEqual({ close: false, left: false, right: true, others: true, all: true });
    expect(closable(list(), '/a')).toEqual({ close: true, left: false, right: true, others: true, all: true });
    expect(closable(list(), '/d')).toEqual({ close: true, left: true, right: false, others: true, all: true });
  });
});
