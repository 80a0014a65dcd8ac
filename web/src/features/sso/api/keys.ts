/** Query keys of the identity provider calls: the list, the roles a group may map to at a node. */
export const ssoKeys = {
  all: ['sso'] as const,
  list: () => ['sso', 'list'] as const,
  roles: (nodeId: number | null) => ['sso', 'roles', nodeId] as const,
};
