/**
 * What the robot's answers say about its condition: the device status banners of api-spec.md 8.3,
 * and its standing faults and messages (coded robot errors such as 0x0610, and uncoded ones).
 */

/** The banners in the order api-spec.md 8.3 lists them. */
export const BANNERS = [
  'map_not_selected',
  'position_unconfirmed',
  'low_battery',
  'disinfectant_level',
  'manual_mode',
  'brake',
  'emergency_stop',
  'serial_error',
] as const;
export type Banner = (typeof BANNERS)[number];

export interface RobotErrorEntry {
  key?: string;
  code?: string | null;
  kind?: string;
  level?: string;
  text?: string;
  raisedAt?: string;
}

export interface HardwareLike {
  emergency_button?: number;
  brake?: number;
  hand_mode?: number;
  serial?: number;
  errors?: RobotErrorEntry[];
}

export interface PoseLike {
  map_name?: string;
  localized?: number;
}

export interface HeartbeatLike {
  online?: number;
  mode?: string;
}

const isBanner = (key: string | undefined): key is Banner => (BANNERS as readonly string[]).includes(key ?? '');

/** The banners that apply now, from whatever answers are at hand (each may still be loading). */
export function activeBanners(hardware?: HardwareLike | null, pose?: PoseLike | null, heartbeat?: HeartbeatLike | null): Banner[] {
  const on = new Set<Banner>();
  for (const e of hardware?.errors ?? []) if (e.kind === 'banner' && isBanner(e.key)) on.add(e.key);
  if (pose) {
    if (pose.map_name === '') on.add('map_not_selected');
    if (pose.localized === 0) on.add('position_unconfirmed');
  }
  if (hardware) {
    if (hardware.emergency_button === 1) on.add('emergency_stop');
    if (hardware.brake === 1) on.add('brake');
    if (hardware.hand_mode === 1) on.add('manual_mode');
    if (hardware.serial === 0) on.add('serial_error');
  }
  if (heartbeat?.online) {
    if (heartbeat.mode === 'emergency_stop') on.add('emergency_stop');
    if (heartbeat.mode === 'brake') on.add('brake');
  }
  return BANNERS.filter((b) => on.has(b));
}

export interface RobotError {
  /** The robot's key of the fault or message (its text is translated by key, or by code). */
  key: string | null;
  code: string | null;
  /** The robot's own (English) words, shown when the console does not know the key or code. */
  text: string;
  level: 'alarm' | 'reminder';
  raisedAt: string | null;
}

/** The faults and messages standing on the robot (banners are shown apart). */
export function robotErrors(hardware?: HardwareLike | null): RobotError[] {
  return (hardware?.errors ?? [])
    .filter((e) => e.kind !== 'banner' && !isBanner(e.key))
    .map((e) => ({
      key: e.key ?? null,
      code: e.code ?? null,
      text: e.text ?? e.key ?? '',
      level: e.level === 'reminder' ? 'reminder' : 'alarm',
      raisedAt: e.raisedAt ?? null,
    }));
}

/** Robot refusal codes (README of the simulator, "Refusals") the console names. */
export const ROBOT_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export type RobotCode = (typeof ROBOT_CODES)[number];

export function knownRobotCode(code: number): RobotCode | null {
  return (ROBOT_CODES as readonly number[]).includes(code) ? (code as RobotCode) : null;
}

/** Activities a robot reports (robot_pose `state`, heartbeat `state`). */
export const ACTIVITIES = [
  'idle',
  'charging',
  'working',
  'paused',
  'returning',
  'docking',
  'moving',
  'manual',
  'mapping',
  'elevator',
  'relocating',
] as const;
export type Activity = (typeof ACTIVITIES)[number];

export function knownActivity(state: unknown): Activity | null {
  return typeof state === 'string' && (ACTIVITIES as readonly string[]).includes(state) ? (state as Activity) : null;
}
