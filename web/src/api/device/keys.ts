/**
 * Query keys of every device call, for the device screens (list, groups) and the fleet screens
 * (summaries, accessories, batches, transfer nodes, repairs, leases, device info) alike: one
 * factory, so an edit on one screen refreshes what another shows. By area, then by the call's
 * parameters; invalidating an area (`deviceKeys.types()`) refreshes every query under it.
 */
export const deviceKeys = {
  all: ['device'] as const,
  /** The device list's pages (selectDevicePc, infinite). */
  list: (...rest: unknown[]) => ['device', 'list', ...rest] as const,
  /** Devices found by name or serial number (the device pickers; selectDevicePc, one page). */
  search: (...rest: unknown[]) => ['device', 'search', ...rest] as const,
  /** Every device of a subtree, briefly (selectAllDevice; the robot choosers); no argument: every subtree's. */
  brief: (userId?: number | null) => (userId === undefined ? (['device', 'brief'] as const) : (['device', 'brief', userId] as const)),
  types: () => ['device', 'types'] as const,
  groups: () => ['device', 'groups'] as const,
  owners: (...rest: unknown[]) => ['device', 'owners', ...rest] as const,
  /** One device: its record (selectDeviceByDeviceId, read by every screen under this exact key), work figures... */
  device: (deviceId: number, ...rest: unknown[]) => ['device', 'one', deviceId, ...rest] as const,
  /** A device's fitted parts and their change history. */
  hardware: (deviceId?: number, ...rest: unknown[]) =>
    deviceId === undefined ? (['device', 'hardware'] as const) : (['device', 'hardware', deviceId, ...rest] as const),
  consumables: (serialNumber: string) => ['device', 'consumables', serialNumber] as const,
  maintenance: (serialNumber: string) => ['device', 'maintenance', serialNumber] as const,
  /** The accessory catalogue: categories and their parts. */
  catalogue: (...rest: unknown[]) => ['device', 'catalogue', ...rest] as const,
  batches: (...rest: unknown[]) => ['device', 'batches', ...rest] as const,
  /** Transfer nodes and servers. */
  hosts: (...rest: unknown[]) => ['device', 'hosts', ...rest] as const,
  summary: (...rest: unknown[]) => ['device', 'summary', ...rest] as const,
  repairs: (...rest: unknown[]) => ['device', 'repairs', ...rest] as const,
  hires: (...rest: unknown[]) => ['device', 'hires', ...rest] as const,
  passwordViews: (...rest: unknown[]) => ['device', 'passwordViews', ...rest] as const,
};
