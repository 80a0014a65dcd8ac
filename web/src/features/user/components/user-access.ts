import { actingUserId, useSessionStore, type SessionUser } from '@/lib/session';

/** The signed-in user (the user pages are only reached signed in). */
export function useMe(): SessionUser {
  return useSessionStore((s) => s.user) as SessionUser;
}

/** The id the user acts for: its owner's when it is a shadow user. */
export function useActingId(): number {
  return actingUserId(useMe());
}

/** Button keys of the user screens (catalogue of the server, roles/catalogue.py). */
export const KEYS = {
  userAdd: 'user/index/add',
  userEdit: 'user/index/edit',
  userDelete: 'user/index/delete',
  userResetPassword: 'user/index/reset_password',
  userAssignRole: 'user/index/assign_role',
  userTestMail: 'user/index/test_mail',
  userSessions: 'user/index/sessions',
  userExportData: 'user/index/export_data',
  userErase: 'user/index/erase',
  userEndCustomer: 'user/index/end_customer',
  roleAdd: 'user/role/add',
  roleEdit: 'user/role/edit',
  roleDelete: 'user/role/delete',
  groupAdd: 'user/index/role_group/add',
  groupEdit: 'user/index/role_group/edit',
  groupDelete: 'user/index/role_group/delete',
  groupAssign: 'user/index/role_group/assign',
  shadowAdd: 'user/userShadow/add',
  shadowEdit: 'user/userShadow/edit',
  shadowDelete: 'user/userShadow/delete',
} as const;

/** Who may list roles / role groups (the server's ROLE_READERS and GROUP_READERS). */
export const ROLE_READER_KEYS = ['user/role', 'user/index/add', 'user/index/assign_role', 'user/index/role_group', 'user/userShadow/add', 'user/userShadow/edit'];
export const GROUP_READER_KEYS = ['user/index/role_group', 'user/index/add', 'user/index/assign_role', 'user/index/role_group/assign'];

/** A customer: a user directly under a dealer (the level a customer's end applies to). */
export const CUSTOMER_LEVEL = 3;
/** The level a parent of each level creates (admin → dealer → user → sub-user); none below. */
export const CHILD_LEVEL: Readonly<Record<number, number>> = { 1: 2, 2: 3, 3: 4 };
/** The levels the user search offers, by the acting user's level (product-spec 6). */
export const SEARCH_LEVELS: Readonly<Record<number, readonly number[]>> = { 1: [1, 2, 3, 4], 2: [3, 4], 3: [4] };
