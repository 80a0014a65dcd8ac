/** Names the server sends in English (presets, permission catalogue, levels), in the user's language. */
import type { TFunction } from 'i18next';
import { ROUTE_KEYS, type RouteKey } from '@/lib/route-table';
import type { PermissionNode, RoleRow } from '../api/types';

export const PRESET_ROLE_IDS = ['10', '11', '13', '14', '15', '16', '17', '18'] as const;
type PresetRoleId = (typeof PRESET_ROLE_IDS)[number];

export const PERMISSION_GROUPS = ['home', 'device', 'user', 'warn', 'version', 'file', 'other', 'integration'] as const;
type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export const PERMISSION_ACTIONS = [
  'add', 'edit', 'delete', 'export', 'clear_data', 'clear_token', 'type_admin', 'authCode', 'bind_user',
  'edit_owner', 'hardware', 'consumable', 'maintain', 'view_password', 'sync', 'import', 'download', 'run',
  'upload', 'play', 'apply', 'backup', 'restore', 'process', 'stop', 'resolve', 'control', 'reboot', 'params',
  'reset_password', 'assign_role', 'clean_token', 'test_mail', 'devices', 'assign', 'publish', 'range', 'enable',
  'robots', 'plan', 'ack', 'settings', 'sessions', 'factor_policy', 'end_customer', 'by_hand',
] as const;
type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

const LEVELS = ['1', '2', '3', '4', '5'] as const;

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function levelName(t: TFunction, levelDepth: number): string {
  const key = String(levelDepth);
  return isOneOf(LEVELS, key) ? t(`levels.${key}`) : key;
}

/** A preset's name in the user's language; a custom role keeps the name its owner gave it. */
export function roleName(t: TFunction, role: Pick<RoleRow, 'id' | 'name' | 'preset'>): string {
  const id = String(role.id);
  return role.preset && isOneOf<PresetRoleId>(PRESET_ROLE_IDS, id) ? t(`user.presetRoles.${id}`) : role.name;
}

/** What a preset role is for, in the user's language ('' for a custom role: its owner describes it). */
export function presetRoleDescription(t: TFunction, role: Pick<RoleRow, 'id' | 'preset'>): string {
  const id = String(role.id);
  return role.preset && isOneOf<PresetRoleId>(PRESET_ROLE_IDS, id) ? t(`user.presetRoleDescriptions.${id}`) : '';
}

/** A permission tree node's label: the menu group, the page's route name, or the button's action. */
export function permissionLabel(t: TFunction, node: Pick<PermissionNode, 'key' | 'kind' | 'name'>, page?: string): string {
  if (node.kind === 'group') {
    const group = node.key.replace(/^group:/, '');
    return isOneOf<PermissionGroup>(PERMISSION_GROUPS, group) ? t(`user.permissions.groups.${group}`) : node.name;
  }
  if (node.kind === 'page') {
    return isOneOf<RouteKey>(ROUTE_KEYS, node.key) ? t(`routes.${node.key}`) : node.name;
  }
  const action = page && node.key.startsWith(`${page}/`) ? node.key.slice(page.length + 1) : node.key.split('/').at(-1) ?? '';
  return isOneOf<PermissionAction>(PERMISSION_ACTIONS, action) ? t(`user.permissions.actions.${action}`) : node.name;
}
