export const wearKeys = {
  all: ['wear'] as const,
  device: (serial: string) => ['wear', 'device', serial] as const,
  list: (...rest: unknown[]) => ['wear', 'list', ...rest] as const,
  settings: (userId: number | null) => ['wear', 'settings', userId] as const,
  allSettings: () => ['wear', 'settings'] as const,
};
