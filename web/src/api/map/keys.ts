/** Query keys of the map calls (the map screens, the sites' floors): by robot, then by what is read. */
export const mapKeys = {
  all: ['map'] as const,
  list: (deviceId: number) => ['map', 'list', deviceId] as const,
  syncs: (deviceId: number) => ['map', 'syncs', deviceId] as const,
  robot: (deviceId: number, ...rest: unknown[]) => ['map', 'robot', deviceId, ...rest] as const,
};
