/**
 * Which remote control layout a robot gets, and the path prefix of its web API (api-spec.md 7.9):
 * protocol 3 and above speak `api1/` and get the version 3 layout (utility list with {id, value},
 * emergency_off); older robots speak `api/` and get the older layout ({id, val}, the emergency stop
 * released through robot_safe 0). Map calls are `api2/` on both.
 */
export const PROTOCOL_V3 = 3;

export type RemoteLayout = 'v3' | 'legacy';

export function layoutFor(protocolVersion: number | null | undefined): RemoteLayout {
  return (protocolVersion ?? 0) >= PROTOCOL_V3 ? 'v3' : 'legacy';
}

export function apiPrefix(protocolVersion: number | null | undefined): 'api1' | 'api' {
  return layoutFor(protocolVersion) === 'v3' ? 'api1' : 'api';
}

/** The relay path of a robot call of the robot's own generation, e.g. `api1/robot_pose`. */
export function robotPath(protocolVersion: number | null | undefined, call: string): string {
  return `${apiPrefix(protocolVersion)}/${call}`;
}

/** The relay path of a map call (the same on both generations), e.g. `api2/map_info`. */
export function mapPath(call: string): string {
  return `api2/${call}`;
}

/** The field a utility's value travels in: `value` from protocol 3 on, `val` before. */
export function utilityValueKey(protocolVersion: number | null | undefined): 'value' | 'val' {
  return layoutFor(protocolVersion) === 'v3' ? 'value' : 'val';
}
