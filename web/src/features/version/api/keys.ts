/** Query keys of the firmware page: the list, a firmware's publications, the rollouts. */
export const versionKeys = {
  all: ['version'] as const,
  firmware: () => ['version', 'firmware'] as const,
  publications: (versionId: number) => ['version', 'publications', versionId] as const,
  rollouts: (page: number) => ['version', 'rollouts', page] as const,
  rolloutRobots: (rolloutId: number) => ['version', 'rollout-robots', rolloutId] as const,
  tuf: () => ['version', 'tuf'] as const,
};

/** Query keys of the software and app version pages, under `versionKeys.all` (a live OTA event refreshes them). */
export const softKeys = {
  list: (filters: unknown) => [...versionKeys.all, 'soft', filters] as const,
  range: (versionId: number, body: unknown) => [...versionKeys.all, 'soft-range', versionId, body] as const,
  history: (versionId: number) => [...versionKeys.all, 'soft-history', versionId] as const,
  apps: (filters: unknown) => [...versionKeys.all, 'apps', filters] as const,
};
