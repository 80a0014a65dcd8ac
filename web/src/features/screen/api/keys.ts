/** Query keys of the wall display and the device map. */
export const screenKeys = {
  all: ['screen'] as const,
  summary: (userId: number | null) => ['screen', 'summary', userId] as const,
  deviceMap: (userId: number | null) => ['screen', 'deviceMap', userId] as const,
};

/** Both screens ask again this often (ms): robots report every few seconds, a wall needs no more. */
export const REFRESH_MS = 10_000;
