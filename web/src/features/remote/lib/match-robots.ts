/** The robot chooser's search: part of a robot's name or serial number, any case. */
export function matchRobots<R extends { deviceCode: string; deviceSerialNumber: string }>(robots: readonly R[], text: string): R[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...robots];
  return robots.filter((r) => r.deviceCode.toLowerCase().includes(needle) || r.deviceSerialNumber.toLowerCase().includes(needle));
}
