/** Query keys of status monitoring and the live alarms page (no abort signals: see fleet/api/keys.ts). */
export const monitorKeys = {
  all: ['monitor'] as const,
  status: (...rest: unknown[]) => ['monitor', 'status', ...rest] as const,
  robots: (...rest: unknown[]) => ['monitor', 'robots', ...rest] as const,
  openAlarms: (...rest: unknown[]) => ['monitor', 'openAlarms', ...rest] as const,
};
