import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { RobotRefusal } from '@/api/relay';
import { refusedShape, robotErrorText } from './robot-error';

const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

describe('robotErrorText: a refused map call always says why', () => {
  it("names the robot's own refusals", () => {
    expect(robotErrorText(t, new RobotRefusal(5, 'busy', 200))).toBe('map.robot.busy');
    expect(robotErrorText(t, new RobotRefusal(10, 'elevator', 200))).toBe('map.robot.elevator');
    expect(robotErrorText(t, new RobotRefusal(3, 'no map', 200))).toBe('map.robot.refused {"msg":"no map"}');
  });

  it("shows the server's explanation of a robot refusal, never the robot's English, and selects the shape", () => {
    const note = { message: 'Sperrzone 2 überschneidet sich selbst', field: 'forbidden_zone', reason: 'crosses_itself', index: 2 };
    const refusal = new RobotRefusal(2, 'forbidden_zone: number 2 crosses itself', 200, note);
    expect(robotErrorText(t, refusal)).toBe('Sperrzone 2 überschneidet sich selbst');
    expect(refusedShape(refusal)).toEqual({ kind: 'zones', index: 1 });
    expect(refusedShape(new RobotRefusal(2, 'flags: x', 200, { ...note, field: 'flags' }))).toBeNull();
    expect(refusedShape(new RobotRefusal(3, 'no map', 200))).toBeNull();
  });

  it("shows the server's refusal of a quiet call (robot offline, no answer in time) once", () => {
    const offline = new ApiError('code', 'The robot CF3-0001 is offline', { code: 10005 });
    expect(robotErrorText(t, offline)).toBe('The robot CF3-0001 is offline');
    expect(robotErrorText(t, offline)).toBeNull(); // claimed: not shown twice
    expect(robotErrorText(t, new ApiError('timeout', 'No answer in time', { status: 408 }))).toBe('No answer in time');
  });

  it('is silent for a refusal the client showed already and for a cancelled call', () => {
    expect(robotErrorText(t, new ApiError('code', 'No permission', { code: 10002, shown: true }))).toBeNull();
    expect(robotErrorText(t, new ApiError('aborted', 'aborted'))).toBeNull();
  });
});
