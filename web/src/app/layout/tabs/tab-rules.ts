/**
 * The rules of the page tabs (product-spec.md 2, Layout), as pure functions over a tab list:
 * the index tab is always first and never closes; closing the current tab moves to its right
 * neighbour, else its left one, else index; bulk closes that remove the current tab move to the
 * tab they were started from.
 */
export const INDEX_PATH = '/index';

export interface Tab {
  /** The route path, which identifies the tab. */
  path: string;
  /** The path with its query and hash, to go back to exactly where the user was. */
  fullPath: string;
}

export interface TabList {
  tabs: Tab[];
  active: string;
}

const indexTab: Tab = { path: INDEX_PATH, fullPath: INDEX_PATH };

export function initialTabs(): TabList {
  return { tabs: [indexTab], active: INDEX_PATH };
}

/** Index first, no duplicates, active pointing at an open tab. */
export function normalise(list: TabList): TabList {
  const seen = new Set<string>();
  const rest: Tab[] = [];
  let index = indexTab;
  for (const tab of list.tabs) {
    if (seen.has(tab.path)) continue;
    seen.add(tab.path);
    if (tab.path === INDEX_PATH) index = tab;
    else rest.push(tab);
  }
  const tabs = [index, ...rest];
  const active = tabs.some((t) => t.path === list.active) ? list.active : INDEX_PATH;
  return { tabs, active };
}

/** The list with `tab` open and current; the same list when it already is (nothing redrawn). */
export function openTab(list: TabList, tab: Tab): TabList {
  const open = list.tabs.find((t) => t.path === tab.path);
  if (open && open.fullPath === tab.fullPath && list.active === tab.path) return list;
  const exists = open !== undefined;
  const tabs = exists ? list.tabs.map((t) => (t.path === tab.path ? tab : t)) : [...list.tabs, tab];
  return { tabs, active: tab.path };
}

export function closeTab(list: TabList, path: string): TabList {
  const at = list.tabs.findIndex((t) => t.path === path);
  if (path === INDEX_PATH || at < 0) return list;
  const tabs = list.tabs.filter((t) => t.path !== path);
  if (list.active !== path) return { tabs, active: list.active };
  const neighbour = tabs[at] ?? tabs[at - 1] ?? indexTab;
  return { tabs, active: neighbour.path };
}

function keepActiveOr(tabs: Tab[], active: string, fallback: string): TabList {
  return { tabs, active: tabs.some((t) => t.path === active) ? active : fallback };
}

export function closeLeft(list: TabList, path: string): TabList {
  const at = list.tabs.findIndex((t) => t.path === path);
  if (at < 0) return list;
  const tabs = list.tabs.filter((t, i) => i >= at || t.path === INDEX_PATH);
  return keepActiveOr(tabs, list.active, path);
}

export function closeRight(list: TabList, path: string): TabList {
  const at = list.tabs.findIndex((t) => t.path === path);
  if (at < 0) return list;
  const tabs = list.tabs.filter((t, i) => i <= at || t.path === INDEX_PATH);
  return keepActiveOr(tabs, list.active, path);
}

export function closeOthers(list: TabList, path: string): TabList {
  if (!list.tabs.some((t) => t.path === path)) return list;
  const tabs = list.tabs.filter((t) => t.path === path || t.path === INDEX_PATH);
  return { tabs, active: path };
}

export function closeAll(list: TabList): TabList {
  const index = list.tabs.find((t) => t.path === INDEX_PATH) ?? indexTab;
  return { tabs: [index], active: INDEX_PATH };
}

/** Drag and drop: moves `from` to where `to` is; the index tab stays first. */
export function moveTab(list: TabList, from: string, to: string): TabList {
  if (from === to || from === INDEX_PATH || to === INDEX_PATH) return list;
  const fromAt = list.tabs.findIndex((t) => t.path === from);
  const toAt = list.tabs.findIndex((t) => t.path === to);
  if (fromAt < 0 || toAt < 0) return list;
  const tabs = [...list.tabs];
  const [moved] = tabs.splice(fromAt, 1);
  tabs.splice(toAt, 0, moved as Tab);
  return { tabs, active: list.active };
}

/** Which tabs can close with each action: drives the enabled state of the tab menu. */
export function closable(list: TabList, path: string) {
  const at = list.tabs.findIndex((t) => t.path === path);
  const others = list.tabs.filter((t) => t.path !== INDEX_PATH && t.path !== path);
  return {
    close: path !== INDEX_PATH && at >= 0,
    left: list.tabs.some((t, i) => i < at && t.path !== INDEX_PATH),
    right: at >= 0 && at < list.tabs.length - 1,
    others: others.length > 0,
    all: list.tabs.length > 1,
  };
}
