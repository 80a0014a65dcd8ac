/**
 * A robot's state as the device map colours it (the server decides it: /api/screen/deviceMap), the
 * colours and their order. Offline wins over everything, then an active alarm, then charging, a task
 * (working) and idle.
 */
export const DEVICE_STATES = ['alarm', 'working', 'charging', 'idle', 'offline'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

/** Colours that stay apart on the dark wall and on the light console, and for colour-blind readers. */
export const STATE_COLORS: Readonly<Record<DeviceState, string>> = {
  alarm: '#f03e3e',
  working: '#37b24d',
  charging: '#339af0',
  idle: '#f59f00',
  offline: '#868e96',
};

export function isDeviceState(value: string): value is DeviceState {
  return (DEVICE_STATES as readonly string[]).includes(value);
}

/** A state's colour; anything unknown is drawn as offline. */
export function stateColor(state: string): string {
  return isDeviceState(state) ? STATE_COLORS[state] : STATE_COLORS.offline;
}

/** Sort rank: alarms first, offline last. */
export function stateRank(state: string): number {
  const rank = DEVICE_STATES.indexOf(state as DeviceState);
  return rank < 0 ? DEVICE_STATES.length : rank;
}

/** How many devices are in each state (every state present, zero included). */
export function countByState(devices: readonly { state: string }[]): Record<DeviceState, number> {
  const counts = Object.fromEntries(DEVICE_STATES.map((s) => [s, 0])) as Record<DeviceState, number>;
  for (const device of devices) counts[isDeviceState(device.state) ? device.state : 'offline'] += 1;
  return counts;
}
