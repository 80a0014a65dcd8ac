/** The shapes of the user feature's calls, from the server's schema. */
import type { BodyOf, DataOf } from '@/api/types';

export type UserPage = DataOf<'/api/user/selectUserList'>;
export type UserRow = UserPage['list'][number];
export type RoleRow = DataOf<'/api/user/role/list'>[number];
export type GroupRow = DataOf<'/api/user/role/group/list'>[number];
export type PermissionNode = DataOf<'/api/user/role/permissionTree'>[number];
export type PadConfig = DataOf<'/api/user/updatePadConfig'>;
export type PadImages = PadConfig['images'];
export type PadSlot = keyof PadImages;

export type UserInfoParams = BodyOf<'/api/user/selectUserInfo'>;
export type UserSearchParams = BodyOf<'/api/user/selectUserList'>;
export type ShadowListParams = BodyOf<'/api/user/shadow/list'>;
