/**
 * The open page tabs of the signed-in user, kept in localStorage per user so they come back
 * after a reload or a new sign-in. Each action returns the path the view should show next.
 */
import { create } from 'zustand';
import * as rules from '../layout/tabs/tab-rules';
import { readStored, writeStored } from '@/lib/storage';

type Tab = rules.Tab;

interface TabsState extends rules.TabList {
  owner: number | null;
  /** Bumped to remount a page ("refresh"). */
  refreshKeys: Record<string, number>;
  load(owner: number, isAllowed: (path: string) => boolean): void;
  open(tab: Tab): void;
  close(path: string): string;
  closeLeft(path: string): string;
  closeRight(path: string): string;
  closeOthers(path: string): string;
  closeAll(): string;
  move(from: string, to: string): void;
  refresh(path: string): void;
}

export function tabsStorageName(owner: number): string {
  return `tabs:${owner}`;
}

function fullPathOfActive(list: rules.TabList): string {
  return list.tabs.find((t) => t.path === list.active)?.fullPath ?? rules.INDEX_PATH;
}

export const useTabsStore = create<TabsState>((set, get) => {
  const apply = (next: rules.TabList): string => {
    set({ tabs: next.tabs, active: next.active });
    return fullPathOfActive(next);
  };
  return {
    ...rules.initialTabs(),
    owner: null,
    refreshKeys: {},
    load(owner, isAllowed) {
      const saved = readStored<rules.TabList>(tabsStorageName(owner));
      const list = saved && Array.isArray(saved.tabs) ? saved : rules.initialTabs();
      const allowed = list.tabs.filter((t) => typeof t.path === 'string' && isAllowed(t.path));
      set({ owner, refreshKeys: {}, ...rules.normalise({ tabs: allowed, active: list.active }) });
    },
    open: (tab) => void apply(rules.openTab(get(), tab)),
    close: (path) => apply(rules.closeTab(get(), path)),
    closeLeft: (path) => apply(rules.closeLeft(get(), path)),
    closeRight: (path) => apply(rules.closeRight(get(), path)),
    closeOthers: (path) => apply(rules.closeOthers(get(), path)),
    closeAll: () => apply(rules.closeAll(get())),
    move: (from, to) => void apply(rules.moveTab(get(), from, to)),
    refresh(path) {
      const keys = get().refreshKeys;
      set({ refreshKeys: { ...keys, [path]: (keys[path] ?? 0) + 1 } });
    },
  };
});

useTabsStore.subscribe((state, previous) => {
  if (state.owner === null) return;
  if (state.tabs === previous.tabs && state.active === previous.active) return;
  writeStored(tabsStorageName(state.owner), { tabs: state.tabs, active: state.active });
});
