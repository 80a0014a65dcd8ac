/**
 * The joystick: where the knob is pulled (pixels from the pad's centre, y down) becomes a velocity
 * command for cmdvel_ctrl. Up drives forward, down backwards; left turns counter-clockwise
 * (positive angular, as the robot's yaw), right clockwise. A small dead zone keeps a shaky press
 * still; the pull is capped at the pad's radius.
 */
export interface CmdVel {
  linear: number;
  angular: number;
}

export interface JoystickLimits {
  /** m/s at full pull */
  maxLinear: number;
  /** rad/s at full pull */
  maxAngular: number;
}

export const DEFAULT_LIMITS: JoystickLimits = { maxLinear: 0.5, maxAngular: 1.0 };
export const DEAD_ZONE = 0.15;
/** How often a held joystick repeats its command (the robot holds one for about a second). */
export const REPEAT_MS = 250;
export const STOP: CmdVel = { linear: 0, angular: 0 };

const round2 = (v: number) => Math.round(v * 100) / 100 || 0;

/** The knob's position, capped to the pad's circle. */
export function clampToPad(dx: number, dy: number, radius: number): { dx: number; dy: number } {
  const length = Math.hypot(dx, dy);
  if (length <= radius || length === 0) return { dx, dy };
  return { dx: (dx / length) * radius, dy: (dy / length) * radius };
}

export function joystickToCmdVel(dx: number, dy: number, radius: number, limits: JoystickLimits = DEFAULT_LIMITS): CmdVel {
  if (radius <= 0) return STOP;
  const knob = clampToPad(dx, dy, radius);
  const forward = -knob.dy / radius;
  const left = -knob.dx / radius;
  if (Math.hypot(forward, left) < DEAD_ZONE) return STOP;
  return {
    linear: round2(Math.abs(forward) < DEAD_ZONE ? 0 : forward * limits.maxLinear),
    angular: round2(Math.abs(left) < DEAD_ZONE ? 0 : left * limits.maxAngular),
  };
}

export function isStop(cmd: CmdVel): boolean {
  return cmd.linear === 0 && cmd.angular === 0;
}

export type ArrowKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';
export const ARROW_KEYS: readonly ArrowKey[] = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** Arrow keys held on the focused joystick: up/down drive at half the top speed, left/right turn. */
export function arrowsToCmdVel(held: ReadonlySet<ArrowKey>, limits: JoystickLimits = DEFAULT_LIMITS): CmdVel {
  const forward = (held.has('ArrowUp') ? 1 : 0) - (held.has('ArrowDown') ? 1 : 0);
  const left = (held.has('ArrowLeft') ? 1 : 0) - (held.has('ArrowRight') ? 1 : 0);
  return { linear: round2((forward * limits.maxLinear) / 2), angular: round2((left * limits.maxAngular) / 2) };
}
