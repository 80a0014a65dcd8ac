/**
 * Query keys of the site calls: the list and the pickers' options, then one site's detail and what hangs on it
 * (stays, plan items, the schedules' coverage and calendar), and plan against actual. A change to a site
 * invalidates `siteKeys.all`: the list's counts, the detail and the figures all follow.
 */
export const siteKeys = {
  all: ['site'] as const,
  list: (...rest: unknown[]) => ['site', 'list', ...rest] as const,
  options: () => ['site', 'options'] as const,
  detail: (siteId: number) => ['site', 'one', siteId] as const,
  history: (siteId: number, ...rest: unknown[]) => ['site', 'one', siteId, 'history', ...rest] as const,
  plans: (siteId: number) => ['site', 'one', siteId, 'plans'] as const,
  reportSchedule: (siteId: number) => ['site', 'one', siteId, 'report-schedule'] as const,
  coverage: (siteId: number, day: string | null) => ['site', 'one', siteId, 'coverage', day] as const,
  calendar: (siteId: number, period: string, day: string | null) => ['site', 'one', siteId, 'calendar', period, day] as const,
  actual: (...rest: unknown[]) => ['site', 'actual', ...rest] as const,
  heatmap: (floorId: number, ...rest: unknown[]) => ['site', 'heatmap', floorId, ...rest] as const,
  availability: (siteId: number, ...rest: unknown[]) => ['site', 'one', siteId, 'availability', ...rest] as const,
};
