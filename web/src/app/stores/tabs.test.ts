// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { INDEX_PATH } from '../layout/tabs/tab-rules';
import { storageKey } from '@/lib/storage';
import { tabsStorageName, useTabsStore } from './tabs';

const allowAll = () => true;
const tab = (path: string) => ({ path, fullPath: path });

describe('tabs store', () => {
  beforeEach(() => {
    useTabsStore.setState({ owner: null, tabs: [tab(INDEX_PATH)], active: INDEX_PATH, refreshKeys: {} });
  });

  it('keeps each user’s tabs apart and brings them back on the next load', () => {
    const store = useTabsStore.getState();
    store.load(1, allowAll);
    store.open(tab('/log'));
    store.open({ path: '/reportChart', fullPath: '/reportChart?range=week' });

    store.load(2, allowAll);
    expect(useTabsStore.getState().tabs.map((t) => t.path)).toEqual([INDEX_PATH]);
    useTabsStore.getState().open(tab('/message/index'));

    useTabsStore.getState().load(1, allowAll);
    const state = useTabsStore.getState();
    expect(state.tabs.map((t) => t.fullPath)).toEqual([INDEX_PATH, '/log', '/reportChart?range=week']);
    expect(state.active).toBe('/reportChart');

    useTabsStore.getState().load(2, allowAll);
    expect(useTabsStore.getState().tabs.map((t) => t.path)).toEqual([INDEX_PATH, '/message/index']);
  });

  it('drops restored tabs the user may no longer open', () => {
    localStorage.setItem(
      storageKey(tabsStorageName(7)),
      JSON.stringify({ tabs: [tab(INDEX_PATH), tab('/log'), tab('/user/index')], active: '/user/index' }),
    );
    useTabsStore.getState().load(7, (path) => path !== '/user/index');
    const state = useTabsStore.getState();
    expect(state.tabs.map((t) => t.path)).toEqual([INDEX_PATH, '/log']);
    expect(state.active).toBe(INDEX_PATH);
  });

  it('survives unreadable storage', () => {
    localStorage.setItem(storageKey(tabsStorageName(3)), '{not json');
    useTabsStore.getState().load(3, allowAll);
    expect(useTabsStore.getState().tabs).toEqual([tab(INDEX_PATH)]);
  });

  it('returns where to go after a close', () => {
    const store = useTabsStore.getState();
    store.load(4, allowAll);
    store.open(tab('/a'));
    store.open({ path: '/b', fullPath: '/b?x=1' });
    store.open(tab('/c'));
    useTabsStore.getState().open({ path: '/b', fullPath: '/b?x=1' });
    expect(useTabsStore.getState().close('/b')).toBe('/c');
    expect(useTabsStore.getState().closeAll()).toBe(INDEX_PATH);
  });

  it('bumps a refresh key to remount a page', () => {
    useTabsStore.getState().refresh('/log');
    useTabsStore.getState().refresh('/log');
    expect(useTabsStore.getState().refreshKeys['/log']).toBe(2);
  });
});
