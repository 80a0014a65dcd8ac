import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupsOf } from '../api/role-groups';
import { useRolesOf } from '../api/roles';
import { roleName } from './labels';
import { useCan } from '@/lib/use-can';
import { GROUP_READER_KEYS, ROLE_READER_KEYS, useActingId } from './user-access';

export interface RoleNames {
  role(id: number): string;
  group(id: number): string;
}

/**
 * Names of the roles and role groups shown in a list of users. Custom roles are visible from their
 * owner down, so the lists of the acting user and of the opened branches (`branchIds`) are read.
 */
export function useRoleNames(branchIds: readonly number[]): RoleNames {
  const { t } = useTranslation();
  const can = useCan();
  const actingId = useActingId();
  const ids = useMemo(() => [actingId, ...branchIds.filter((id) => id !== actingId)], [actingId, branchIds]);
  const roles = useRolesOf(ids, can(...ROLE_READER_KEYS));
  const groups = useGroupsOf(ids, can(...GROUP_READER_KEYS));

  return useMemo(() => {
    const roleNames = new Map(roles.map((role) => [role.id, roleName(t, role)]));
    const groupNames = new Map(groups.map((group) => [group.id, group.name]));
    return {
      role: (id) => roleNames.get(id) ?? `#${id}`,
      group: (id) => groupNames.get(id) ?? `#${id}`,
    };
  }, [t, roles, groups]);
}
