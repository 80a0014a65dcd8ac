import { describe, expect, it } from 'vitest';
import { activeBanners, knownActivity, knownRobotCode, robotErrors } from './robot-state';

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

  it('lists faults and messages apart from banners, known ones by key, a coded one by its code', () => {
    const errors = robotErrors({
      errors: [
        { key: 'lidar_dock_failed', code: '0x0610', kind: 'fault', level: 'alarm', text: 'upper lidar fault', raisedAt: '2026-11-21T12:00:00+08:00' },
        { key: 'manual_mode', kind: 'banner', level: 'reminder', text: 'manual mode' },
        { key: 'vendor_special', code: '0x0471', kind: 'fault', level: 'reminder', text: 'right tank' },
        { key: 'vendor_other', kind: 'message', text: 'something new' },
      ],
    });
    expect(errors).toEqual([
      { key: 'lidar_dock_failed', code: '0x0610', text: 'upper lidar fault', level: 'alarm', raisedAt: '2026-11-21T12:00:00+08:00' },
      { key: 'disinfectant_low_right', code: '0x0471', text: 'right tank', level: 'reminder', raisedAt: null },
      { key: null, code: null, text: 'something new', level: 'alarm', raisedAt: null },
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
