/**
 * The remote control lease (POST /api/device/control/take, /release, /state): durations, time
 * left and how a countdown reads.
 */
/** The key that lets a user take control and send commands (the relay checks it too). */
export const CONTROL_KEY = 'device_control/index/control';

export const LEASE_MINUTES = [10, 30, 60, 120, 0] as const;
export type LeaseMinutes = (typeof LEASE_MINUTES)[number];

export interface LeaseState {
  held: boolean;
  holder?: string | null;
  mine: boolean;
  expiresAt?: string | null;
  longTerm: boolean;
}

/** Seconds left (0 when over), or null for a long-term lease or none. */
export function secondsLeft(lease: Pick<LeaseState, 'held' | 'expiresAt' | 'longTerm'> | null | undefined, now: number): number | null {
  if (!lease?.held || lease.longTerm || !lease.expiresAt) return null;
  const end = Date.parse(lease.expiresAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** 9:05, 59:59, 1:59:59 */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export type ControlStatus = 'mine' | 'other' | 'free';

/** Whether the caller commands the robot, someone else does, or nobody (expired counts as free). */
export function controlStatus(lease: LeaseState | null | undefined, now: number): ControlStatus {
  if (!lease?.held) return 'free';
  if (secondsLeft(lease, now) === 0) return 'free';
  return lease.mine ? 'mine' : 'other';
}
