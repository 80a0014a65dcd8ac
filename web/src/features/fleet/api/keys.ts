/**
 * Query keys of the fleet screens: by area, then by the call's parameters.
 *
 * The queries do not hand TanStack Query's abort signal to the client: a query cancelled while its
 * answer is being read (a new search keystroke, a hidden tab) would otherwise surface as the
 * client's "answer the console cannot read" toast (src/api/client.ts reads the body without
 * looking at the signal). The fetchers still take a signal for callers that want one.
 */
export const fleetKeys = {
  all: ['fleet'] as const,
  summary: (...rest: unknown[]) => ['fleet', 'summary', ...rest] as const,
  owners: () => ['fleet', 'owners'] as const,
  deviceTypes: () => ['fleet', 'deviceTypes'] as const,
  hardware: (...rest: unknown[]) => ['fleet', 'hardware', ...rest] as const,
  batches: (...rest: unknown[]) => ['fleet', 'batches', ...rest] as const,
  hosts: (...rest: unknown[]) => ['fleet', 'hosts', ...rest] as const,
  repairs: (...rest: unknown[]) => ['fleet', 'repairs', ...rest] as const,
  hires: (...rest: unknown[]) => ['fleet', 'hires', ...rest] as const,
  devices: (...rest: unknown[]) => ['fleet', 'devices', ...rest] as const,
  device: (deviceId: number, ...rest: unknown[]) => ['fleet', 'device', deviceId, ...rest] as const,
  passwordViews: (...rest: unknown[]) => ['fleet', 'passwordViews', ...rest] as const,
};
