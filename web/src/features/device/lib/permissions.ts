/** The device screens' button keys (product-spec.md 6, roles/catalogue.py); the server refuses anyway. */
import { useMemo } from 'react';
import { hasPermission, useSessionStore } from '@/lib/session';

export const DEVICE_KEYS = {
  typeAdmin: 'device/index/type_admin',
  authCode: 'device/index/authCode',
  add: 'device/index/add',
  edit: 'device/index/edit',
  delete: 'device/index/delete',
  editOwner: 'device/index/edit_owner',
  bindUser: 'device/index/bind_user',
  hardware: 'device/index/hardware',
  consumable: 'device/index/consumable',
  maintain: 'device/index/maintain',
  /** Reading a robot's certificates needs only the list's page key; revoking them a person's key. */
  view: 'device/index',
  revokeCert: 'device/index/revoke_cert',
  groups: 'device/group',
  groupAdd: 'device/group/add',
  groupEdit: 'device/group/edit',
  groupDelete: 'device/group/delete',
} as const;

export type DeviceKeyName = keyof typeof DEVICE_KEYS;

/** Which of the device keys the signed-in user holds. */
export function useDeviceKeys(): Record<DeviceKeyName, boolean> {
  const user = useSessionStore((s) => s.user);
  // One object per signed-in user: the table's columns depend on it.
  return useMemo(() => {
    const held = {} as Record<DeviceKeyName, boolean>;
    for (const [name, key] of Object.entries(DEVICE_KEYS)) held[name as DeviceKeyName] = hasPermission(user, key);
    return held;
  }, [user]);
}
