/**
 * The role editor's rules over the permission tree (menu group → page → button):
 * - ticking a page ticks its buttons, unticking it unticks them; ticking a button ticks its page;
 * - ticking a group ticks everything under it, unticking it unticks everything;
 * - a key the editor does not hold (not grantable) never changes: it cannot be given, and a role
 *   that already has it keeps it.
 * Only page and button keys are kept; a group is a heading.
 */
import type { PermissionNode } from '../api/types';

export type NodeKind = 'group' | 'page' | 'button';

export interface PermissionIndex {
  kind: ReadonlyMap<string, NodeKind>;
  parent: ReadonlyMap<string, string>;
  children: ReadonlyMap<string, readonly string[]>;
  grantable: ReadonlySet<string>;
  /** Every page and button key in tree order. */
  keys: readonly string[];
}

export function indexPermissions(nodes: readonly PermissionNode[]): PermissionIndex {
  const kind = new Map<string, NodeKind>();
  const parent = new Map<string, string>();
  const children = new Map<string, string[]>();
  const grantable = new Set<string>();
  const keys: string[] = [];
  const visit = (node: PermissionNode, up: string | null) => {
    kind.set(node.key, node.kind as NodeKind);
    if (up !== null) parent.set(node.key, up);
    if (node.grantable) grantable.add(node.key);
    if (node.kind !== 'group') keys.push(node.key);
    children.set(node.key, (node.children ?? []).map((child) => child.key));
    for (const child of node.children ?? []) visit(child, node.key);
  };
  for (const node of nodes) visit(node, null);
  return { kind, parent, children, grantable, keys };
}

/** The page and button keys at or below `key`. */
export function keysUnder(index: PermissionIndex, key: string): string[] {
  const out: string[] = [];
  const walk = (k: string) => {
    if (index.kind.get(k) !== 'group') out.push(k);
    for (const child of index.children.get(k) ?? []) walk(child);
  };
  walk(key);
  return out;
}

/** The keys after ticking (`on`) or unticking `key`; keys the editor cannot grant stay as they were. */
export function toggle(index: PermissionIndex, checked: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(checked);
  const kind = index.kind.get(key);
  if (kind === undefined || (kind === 'button' && !index.grantable.has(key))) return next;
  const affected = kind === 'button' ? [key] : keysUnder(index, key);
  if (on && kind === 'button') {
    const page = index.parent.get(key);
    if (page !== undefined) affected.push(page);
  }
  for (const k of affected) {
    if (!index.grantable.has(k)) continue;
    if (on) next.add(k);
    else next.delete(k);
  }
  return next;
}

export interface CheckState {
  checked: string[];
  halfChecked: string[];
}

/**
 * What the tree shows: a page or button is ticked when its key is; a page whose key is missing but
 * some of whose buttons are held shows half; a group is ticked when all below it are, half when some are.
 */
export function checkState(index: PermissionIndex, keys: ReadonlySet<string>): CheckState {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const [key, kind] of index.kind) {
    if (kind !== 'group') {
      if (keys.has(key)) checked.push(key);
      else if (kind === 'page' && keysUnder(index, key).some((k) => keys.has(k))) halfChecked.push(key);
      continue;
    }
    const below = keysUnder(index, key);
    const held = below.filter((k) => keys.has(k)).length;
    if (below.length > 0 && held === below.length) checked.push(key);
    else if (held > 0) halfChecked.push(key);
  }
  return { checked, halfChecked };
}

/** The role's keys as the server wants them: catalogue keys only, in tree order. */
export function orderedKeys(index: PermissionIndex, keys: ReadonlySet<string>): string[] {
  return index.keys.filter((key) => keys.has(key));
}

/**
 * The part of the catalogue's tree the role editor offers: the pages that have a screen in this
 * console (the page registry, `hasPage`), their buttons, and the groups left with a page. Keys of
 * screens not built yet are not offered; a role that holds one keeps it (saving orders the keys by
 * the whole tree). A page added to the registry is offered at once: nothing here lists pages.
 */
export function offeredTree(nodes: readonly PermissionNode[], exists: (key: string) => boolean): PermissionNode[] {
  const offered: PermissionNode[] = [];
  for (const node of nodes) {
    if (node.kind === 'page') {
      if (exists(node.key)) offered.push(node);
    } else if (node.kind === 'group') {
      const children = offeredTree(node.children ?? [], exists);
      if (children.length > 0) offered.push({ ...node, children });
    } else {
      offered.push(node);
    }
  }
  return offered;
}
