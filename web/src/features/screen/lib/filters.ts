/** The device map's filters and lists, as pure functions over the robots the server answered. */
import { isDeviceState, stateRank, type DeviceState } from './states';

export interface MapRobot {
  deviceId: number;
  deviceSerialNumber: string;
  deviceCode: string;
  userId: number;
  userName: string;
  account: string;
  latitude: number | null;
  longitude: number | null;
  state: string;
}

export interface MapFilter {
  /** The states shown; all of them when empty. */
  states: readonly DeviceState[];
  ownerId: number | null;
  text: string;
}

/** Coordinates a map can draw (0, 0 is a robot that never had a fix, not a buoy in the Gulf of Guinea). */
export function isLocated(robot: Pick<MapRobot, 'latitude' | 'longitude'>): boolean {
  const { latitude: lat, longitude: lon } = robot;
  return (
    lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0)
  );
}

/** The robots that pass the owner and text filters (the state filter is applied separately: its counts need these). */
export function matchOwnerAndText<T extends MapRobot>(robots: readonly T[], filter: Pick<MapFilter, 'ownerId' | 'text'>): T[] {
  const text = filter.text.trim().toLowerCase();
  return robots.filter(
    (r) =>
      (filter.ownerId === null || r.userId === filter.ownerId) &&
      (!text || r.deviceCode.toLowerCase().includes(text) || r.deviceSerialNumber.toLowerCase().includes(text)),
  );
}

export function matchStates<T extends MapRobot>(robots: readonly T[], states: readonly DeviceState[]): T[] {
  if (states.length === 0) return [...robots];
  return robots.filter((r) => states.includes(isDeviceState(r.state) ? r.state : 'offline'));
}

export function filterRobots<T extends MapRobot>(robots: readonly T[], filter: MapFilter): T[] {
  return matchStates(matchOwnerAndText(robots, filter), filter.states);
}

/** Alarms first, offline last; then by name and serial number. */
export function sortForList<T extends MapRobot>(robots: readonly T[]): T[] {
  return robots.toSorted(
    (a, b) =>
      stateRank(a.state) - stateRank(b.state) ||
      a.deviceCode.localeCompare(b.deviceCode) ||
      a.deviceSerialNumber.localeCompare(b.deviceSerialNumber),
  );
}

export interface OwnerOption {
  userId: number;
  label: string;
  count: number;
}

/** The owners that have robots, with how many, by name. */
export function ownersOf(robots: readonly MapRobot[]): OwnerOption[] {
  const owners = new Map<number, OwnerOption>();
  for (const r of robots) {
    const owner = owners.get(r.userId) ?? {
      userId: r.userId,
      label: r.userName && r.userName !== r.account ? `${r.userName} (${r.account})` : r.account,
      count: 0,
    };
    owner.count += 1;
    owners.set(r.userId, owner);
  }
  return [...owners.values()].toSorted((a, b) => a.label.localeCompare(b.label));
}
