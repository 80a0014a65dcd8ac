import { describe, expect, it } from 'vitest';
import { arrowsToCmdVel, clampToPad, DEAD_ZONE, isStop, joystickToCmdVel, STOP, type ArrowKey } from './joystick';

const R = 50;

describe('joystick → cmdvel_ctrl', () => {
  it('drives forward when pulled up and backwards when pulled down, at the top speed at full pull', () => {
    expect(joystickToCmdVel(0, -R, R)).toEqual({ linear: 0.5, angular: 0 });
    expect(joystickToCmdVel(0, R, R)).toEqual({ linear: -0.5, angular: 0 });
    expect(joystickToCmdVel(0, -R / 2, R)).toEqual({ linear: 0.25, angular: 0 });
  });

  it('turns counter-clockwise (positive angular) when pulled left, clockwise when pulled right', () => {
    expect(joystickToCmdVel(-R, 0, R)).toEqual({ linear: 0, angular: 1 });
    expect(joystickToCmdVel(R, 0, R)).toEqual({ linear: 0, angular: -1 });
  });

  it('caps a pull beyond the pad at its edge and keeps the direction', () => {
    expect(joystickToCmdVel(0, -4 * R, R)).toEqual({ linear: 0.5, angular: 0 });
    const diagonal = joystickToCmdVel(-3 * R, -3 * R, R);
    expect(diagonal.linear).toBeCloseTo(0.35, 2);
    expect(diagonal.angular).toBeCloseTo(0.71, 2);
    expect(clampToPad(30, 40, 25)).toEqual({ dx: 15, dy: 20 });
  });

  it('stays still inside the dead zone, and ignores a tiny sideways shake while driving', () => {
    expect(joystickToCmdVel(R * DEAD_ZONE * 0.5, R * DEAD_ZONE * 0.5, R)).toEqual(STOP);
    expect(joystickToCmdVel(3, -R, R)).toEqual({ linear: 0.5, angular: 0 });
    expect(isStop(joystickToCmdVel(0, 0, R))).toBe(true);
  });

  it('follows the given limits and never answers -0', () => {
    expect(joystickToCmdVel(0, -R, R, { maxLinear: 0.3, maxAngular: 0.5 })).toEqual({ linear: 0.3, angular: 0 });
    expect(Object.is(joystickToCmdVel(0, -R, R).angular, -0)).toBe(false);
    expect(joystickToCmdVel(10, 10, 0)).toEqual(STOP);
  });
});

const held = (...keys: ArrowKey[]) => new Set<ArrowKey>(keys);

describe('arrow keys → cmdvel_ctrl', () => {
  it('drives and turns at half the top speed, opposite keys cancel out', () => {
    expect(arrowsToCmdVel(held('ArrowUp'))).toEqual({ linear: 0.25, angular: 0 });
    expect(arrowsToCmdVel(held('ArrowDown', 'ArrowRight'))).toEqual({ linear: -0.25, angular: -0.5 });
    expect(arrowsToCmdVel(held('ArrowLeft'))).toEqual({ linear: 0, angular: 0.5 });
    expect(isStop(arrowsToCmdVel(held('ArrowUp', 'ArrowDown')))).toBe(true);
    expect(isStop(arrowsToCmdVel(held()))).toBe(true);
  });
});
