import { describe, expect, it } from 'vitest';
import { applyDeviceUpdates, robotState, type LiveRobot } from './live';

function robot(id: number, fields: Partial<LiveRobot> = {}): LiveRobot {
  return { deviceId: id, state: 'idle', online: 1, battery: 50, charging: false, task: '', progress: null, heartbeatTime: null, activeAlarms: 0, ...fields };
}

describe('live device map', () => {
  it('works a state out as the server does', () => {
    expect(robotState({ online: 0, charging: true, task: 'x', activeAlarms: 2 })).toBe('offline');
    expect(robotState({ online: 1, charging: true, task: 'x', activeAlarms: 1 })).toBe('alarm');
    expect(robotState({ online: 1, charging: true, task: 'x', activeAlarms: 0 })).toBe('charging');
    expect(robotState({ online: 1, charging: false, task: 'x', activeAlarms: 0 })).toBe('working');
    expect(robotState({ online: 1, charging: false, task: '', activeAlarms: 0 })).toBe('idle');
  });

  it('applies the updates in order and keeps the other robots as they were', () => {
    const robots = [robot(1), robot(2, { state: 'offline', online: 0 })];
    const next = applyDeviceUpdates(robots, [
      { deviceId: 1, deviceSerialNumber: 'a', online: 1, battery: 40.6, task: 'Sweep', progress: 10, heartbeatTime: '2026-11-21T12:00:00Z' },
      { deviceId: 1, deviceSerialNumber: 'a', online: 1, charging: true, heartbeatTime: '2026-11-21T12:00:05Z' },
      { deviceId: 9, deviceSerialNumber: 'z', online: 1 },
    ]);
    expect(next[0]).toMatchObject({ online: 1, charging: true, battery: 41, task: 'Sweep', state: 'charging', heartbeatTime: '2026-11-21T12:00:05Z' });
    expect(next[1]).toBe(robots[1]);
    const offline = applyDeviceUpdates(next, [{ deviceId: 1, deviceSerialNumber: 'a', online: 0 }]);
    expect(offline[0]).toMatchObject({ online: 0, state: 'offline', charging: true });
  });
});
