/** Query keys of the user feature: everything under ['user'], so one invalidation refreshes it all. */
import type { ShadowListParams, UserInfoParams, UserSearchParams } from './types';

export const userKeys = {
  all: ['user'] as const,
  info: (params: UserInfoParams) => ['user', 'info', params] as const,
  search: (params: UserSearchParams) => ['user', 'search', params] as const,
  shadows: (params: ShadowListParams) => ['user', 'shadows', params] as const,
  roles: (userId: number | null) => ['user', 'roles', userId] as const,
  groups: (userId: number | null) => ['user', 'groups', userId] as const,
  permissionTree: () => ['user', 'permissionTree'] as const,
  endPreview: (userId: number, robots: string) => ['user', 'endPreview', userId, robots] as const,
  endReceipt: (jobId: number) => ['user', 'endReceipt', jobId] as const,
};
