import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { activeBanners, knownActivity, knownRobotCode, robotErrors } from './robot-state';
import { bannerText, robotErrorText, robotRefusalText } from './robot-text';

describe('device status banners (api-spec 8.3)', () => {
  it('shows none for a healthy robot', () => {
    expect(activeBanners({ emergency_button: 0, brake: 0, hand_mode: 0, serial: 1, errors: [] }, { map_name: 'office-3F', localized: 1 }, { online: 1, mode: 'idle' })).toEqual([]);
  });

  it('follows the robot’s answers and its heartbeat, in the order of the catalogue', () => {
    const banners = activeBanners(
      { emergency_button: 1, brake: 1, hand_mode: 1, serial: 0, errors: [{ key: 'low_battery', kind: 'banner' }, { key: 'disinfectant_level', kind: 'banner' }] },
      { map_name: '', localized: 0 },
      null,
    );
    expect(banners).toEqual([
      'map_not_selected',
      'position_unconfirmed',
      'low_battery',
      'disinfectant_level',
      'manual_mode',
      'brake',
      'emergency_stop',
      'serial_error',
    ]);
    expect(activeBanners(null, null, { online: 1, mode: 'emergency_stop' })).toEqual(['emergency_stop']);
    expect(activeBanners(null, null, { online: 0, mode: 'brake' })).toEqual([]);
  });

  it('lists faults and messages apart from banners, with their key, code and the robot’s words', () => {
    const errors = robotErrors({
      errors: [
        { key: 'lidar_dock_failed', code: '0x0610', kind: 'fault', level: 'alarm', text: 'upper lidar fault', raisedAt: '2026-11-21T12:00:00+08:00' },
        { key: 'manual_mode', kind: 'banner', level: 'reminder', text: 'manual mode' },
        { key: 'low_battery', level: 'reminder', text: 'a banner sent without its kind' },
        { code: '0x0471', kind: 'fault', level: 'reminder', text: 'right tank' },
      ],
    });
    expect(errors).toEqual([
      { key: 'lidar_dock_failed', code: '0x0610', text: 'upper lidar fault', level: 'alarm', raisedAt: '2026-11-21T12:00:00+08:00' },
      { key: null, code: '0x0471', text: 'right tank', level: 'reminder', raisedAt: null },
    ]);
    expect(robotErrors(undefined)).toEqual([]);
  });

  it('knows the robot’s refusal codes and activities', () => {
    expect(knownRobotCode(6)).toBe(6);
    expect(knownRobotCode(404)).toBeNull();
    expect(knownActivity('returning')).toBe('returning');
    expect(knownActivity('dancing')).toBeNull();
  });
});

const exists = (key: string) => key.startsWith('monitor.alarm.keys.');

describe('robot texts', () => {
  const t = ((key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key)) as unknown as TFunction;

  it('names faults by key or code from the console’s alarm catalogue, else shows the robot’s words', () => {
    expect(robotErrorText(t, { key: 'imu', code: null, text: 'IMU error', level: 'alarm', raisedAt: null }, exists)).toBe('monitor.alarm.keys.imu');
    expect(robotErrorText(t, { key: null, code: '0x0471', text: 'right tank', level: 'reminder', raisedAt: null }, exists)).toBe(
      'monitor.alarm.keys.disinfectant_low_right',
    );
    expect(robotErrorText(t, { key: 'vendor_x', code: null, text: 'something new', level: 'alarm', raisedAt: null }, () => false)).toBe('something new');
    expect(bannerText(t, 'brake', exists)).toBe('monitor.alarm.keys.brake');
  });

  it('translates the robot’s refusals by code, and its 503 and 404 answers', () => {
    expect(robotRefusalText(t, { code: 6, message: 'robot is locked', status: 200 })).toBe('remote.robotCodes.c6 {"msg":"robot is locked"}');
    expect(robotRefusalText(t, { code: 1, message: 'no task is running', status: 200, text: 'Auf dem Roboter läuft keine Aufgabe' })).toBe(
      'Auf dem Roboter läuft keine Aufgabe',
    );
    expect(robotRefusalText(t, { code: 1, message: 'robot is rebooting', status: 503 })).toBe('remote.robotCodes.rebooting');
    expect(robotRefusalText(t, { code: 404, message: 'request address error', status: 404 })).toBe('remote.robotCodes.notServed');
    expect(robotRefusalText(t, { code: 42, message: 'odd', status: 200 })).toBe('remote.robotCodes.other {"code":42,"msg":"odd"}');
  });
});
