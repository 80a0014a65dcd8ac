/** Device group kinds (product-spec.md 3, task group): ordinary, same project, same map, same building. */
export const GROUP_KINDS = [0, 1, 2, 3] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

export const GROUP_KIND_COLORS: Record<GroupKind, string> = { 0: 'default', 1: 'blue', 2: 'green', 3: 'purple' };

export function groupKind(kind: number): GroupKind {
  return (GROUP_KINDS as readonly number[]).includes(kind) ? (kind as GroupKind) : 0;
}

/** Groups whose name, owner or a member's name or serial number has the text. */
export function filterGroups<G extends { name: string; userName: string; devices: { deviceCode: string; deviceSerialNumber: string }[] }>(
  groups: readonly G[],
  text: string,
): G[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...groups];
  return groups.filter(
    (g) =>
      g.name.toLowerCase().includes(needle) ||
      g.userName.toLowerCase().includes(needle) ||
      g.devices.some((d) => d.deviceCode.toLowerCase().includes(needle) || d.deviceSerialNumber.toLowerCase().includes(needle)),
  );
}
