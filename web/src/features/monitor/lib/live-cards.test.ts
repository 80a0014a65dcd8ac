import { describe, expect, it } from 'vitest';
import type { RobotPage } from '../api/robots';
import { activityKey, applyDeviceUpdates, changesCounts, robotState } from './live-cards';

const card = (deviceId: number, fields: Partial<RobotPage['list'][number]> = {}): RobotPage['list'][number] => ({
  deviceId,
  deviceName: `Robot ${deviceId}`,
  deviceSerialNumber: `SN${deviceId}`,
  protocolVersion: 3,
  ownerId: 1,
  ownerName: 'Owner',
  online: 1,
  state: 'idle',
  battery: 80,
  charging: false,
  taskName: '',
  progress: null,
  mapName: 'office-3F',
  mode: 'idle',
  heartbeatTime: '2026-11-21T10:00:00+00:00',
  openAlarms: 0,
  ...fields,
});

const page = (...list: RobotPage['list']): RobotPage => ({ list, total: list.length, pageNum: 1, pageSize: 24 });

describe('live robot cards', () => {
  it('takes a heartbeat: battery, task, progress, map, mode, state and time', () => {
    const before = page(card(1), card(2));
    const after = applyDeviceUpdates(before, [
      { deviceId: 1, deviceSerialNumber: 'SN1', online: 1, battery: 63.6, charging: false, state: 'working',
        mode: 'cleaning', map: 'lobby-hall', task: 'Lobby', progress: 41.5, heartbeatTime: '2026-11-21T10:00:05+00:00' },
    ]);
    expect(after.list[0]).toMatchObject({ battery: 64, taskName: 'Lobby', progress: 41.5, mapName: 'lobby-hall',
      mode: 'cleaning', state: 'working', activity: 'working', heartbeatTime: '2026-11-21T10:00:05+00:00' });
    expect(after.list[1]).toBe(before.list[1]);
  });

  it('marks a robot offline and back online without losing what it last said', () => {
    const before = page(card(1, { charging: true, state: 'charging' }));
    const offline = applyDeviceUpdates(before, [{ deviceId: 1, deviceSerialNumber: 'SN1', online: 0 }]);
    expect(offline.list[0]).toMatchObject({ online: 0, state: 'offline', battery: 80 });
    const online = applyDeviceUpdates(offline, [{ deviceId: 1, deviceSerialNumber: 'SN1', online: 1 }]);
    expect(online.list[0]).toMatchObject({ online: 1, state: 'charging' });
  });

  it('leaves a page without the updated robots as it was', () => {
    const before = page(card(1));
    expect(applyDeviceUpdates(before, [{ deviceId: 9, deviceSerialNumber: 'SN9', online: 0 }])).toBe(before);
  });

  it('tells when the counts may have changed', () => {
    const current = page(card(1), card(2, { taskName: 'Ward', state: 'working' }));
    const same = { deviceId: 1, deviceSerialNumber: 'SN1', online: 1 as const, charging: false, task: '', heartbeatTime: 'x' };
    expect(changesCounts(current, [same])).toBe(false);
    expect(changesCounts(current, [{ ...same, deviceId: 2 }])).toBe(true); // its task ended
    expect(changesCounts(current, [{ ...same, charging: true }])).toBe(true);
    expect(changesCounts(current, [{ ...same, deviceId: 3 }])).toBe(true); // not on this page
    expect(robotState(false, true, 'x')).toBe('offline');
  });
});

describe('activityKey', () => {
  it('says nothing for an offline robot, whatever it last reported', () => {
    expect(activityKey({ online: 0, charging: false, activity: 'working' })).toBeNull();
    expect(activityKey({ online: 0, charging: false, activity: 'paused' })).toBeNull();
  });
  it('never repeats or contradicts the state chip', () => {
    expect(activityKey({ online: 1, charging: true, activity: 'charging' })).toBeNull();
    expect(activityKey({ online: 1, charging: false, activity: 'idle' })).toBeNull();
    expect(activityKey({ online: 1, charging: false, activity: 'charging' })).toBe('onCharger');
  });
  it('adds what the chip does not say', () => {
    expect(activityKey({ online: 1, charging: false, activity: 'returning' })).toBe('returning');
  });
});
