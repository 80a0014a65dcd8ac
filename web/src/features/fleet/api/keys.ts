/** Query keys of the fleet screens: by area, then by the call's parameters. */
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
