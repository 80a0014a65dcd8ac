/** Query keys of the alarm centre, summary, chart and settings (all under 'warn': a change reloads them all). */
export const warnKeys = {
  all: ['warn'] as const,
  list: (...rest: unknown[]) => ['warn', 'list', ...rest] as const,
  summary: (...rest: unknown[]) => ['warn', 'summary', ...rest] as const,
  chart: (...rest: unknown[]) => ['warn', 'chart', ...rest] as const,
  settings: (...rest: unknown[]) => ['warn', 'settings', ...rest] as const,
  channels: (language: string) => ['warn', 'channels', language] as const,
  /** What an alarm change also reloads: status monitoring's counts and lists (features/monitor/api/keys.ts, `monitorKeys.all`; a feature imports no other feature). */
  monitor: ['monitor'] as const,
};
