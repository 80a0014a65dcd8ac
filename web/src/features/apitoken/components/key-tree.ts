/**
 * The keys a token may get, as the role editor shows keys: menu group → page → button. Built from the user's own
 * keys (`/integration/token/keys`). A button whose page the user does not hold sits under its group. A key only a
 * person may use (`personOnly`: it makes accounts, passwords, tokens or roles, or signs people out) is shown but
 * can never be ticked, nor is it ticked with its page or group: the server refuses it on a token.
 */
import type { GrantableKey } from '../api/tokens';

export interface KeyNode {
  key: string;
  kind: 'group' | 'page' | 'button';
  /** The catalogue's English name (a fallback for the label). */
  name: string;
  /** The page a button belongs to. */
  page?: string;
  /** A token may never get it (a group: it holds no key a token may get). */
  personOnly: boolean;
  children: KeyNode[];
}

export const GROUP_PREFIX = 'group:';

export function keyTree(keys: readonly GrantableKey[]): KeyNode[] {
  const groups = new Map<string, KeyNode>();
  const pages = new Map<string, KeyNode>();
  for (const item of keys) {
    let group = groups.get(item.group);
    if (!group) {
      group = { key: `${GROUP_PREFIX}${item.group}`, kind: 'group', name: item.group, personOnly: true, children: [] };
      groups.set(item.group, group);
    }
    const { personOnly } = item;
    group.personOnly &&= personOnly;
    if (item.kind === 'page') {
      const page: KeyNode = { key: item.key, kind: 'page', name: item.name, personOnly, children: [] };
      pages.set(item.key, page);
      group.children.push(page);
    } else {
      const button: KeyNode = { key: item.key, kind: 'button', name: item.name, page: item.page, personOnly, children: [] };
      (pages.get(item.page) ?? group).children.push(button);
    }
  }
  return [...groups.values()];
}

/** Every page and button key at or below `node` that a token may get, in tree order. */
function keysUnder(node: KeyNode): string[] {
  const own = node.kind === 'group' || node.personOnly ? [] : [node.key];
  return [...own, ...node.children.flatMap(keysUnder)];
}

function find(tree: readonly KeyNode[], key: string): { node: KeyNode; parent: KeyNode | null } | null {
  const walk = (node: KeyNode, parent: KeyNode | null): { node: KeyNode; parent: KeyNode | null } | null =>
    node.key === key ? { node, parent } : node.children.reduce<ReturnType<typeof walk>>((hit, child) => hit ?? walk(child, node), null);
  return tree.reduce<ReturnType<typeof walk>>((hit, node) => hit ?? walk(node, null), null);
}

/**
 * The chosen keys after ticking (`on`) or unticking `key`. A page alone is a read key (its buttons stay as they
 * are); ticking a button ticks its page; unticking a page unticks its buttons; a group ticks or unticks all.
 */
export function toggleKey(tree: readonly KeyNode[], chosen: readonly string[], key: string, on: boolean): string[] {
  const hit = find(tree, key);
  if (!hit || hit.node.personOnly) return [...chosen];
  const next = new Set(chosen);
  const { node, parent } = hit;
  if (node.kind === 'group') keysUnder(node).forEach((k) => (on ? next.add(k) : next.delete(k)));
  else if (node.kind === 'page') (on ? [node.key] : keysUnder(node)).forEach((k) => (on ? next.add(k) : next.delete(k)));
  else {
    if (on) next.add(node.key);
    else next.delete(node.key);
    if (on && parent?.kind === 'page') next.add(parent.key);
  }
  return tree.flatMap(keysUnder).filter((k) => next.has(k));
}

/** The group headings whose every key a token may get is chosen (shown ticked). */
export function fullGroups(tree: readonly KeyNode[], chosen: readonly string[]): string[] {
  const set = new Set(chosen);
  return tree.filter((group) => !group.personOnly && keysUnder(group).every((k) => set.has(k))).map((group) => group.key);
}
