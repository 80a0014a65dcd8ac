import { describe, expect, it } from 'vitest';
import { filterRobots, isLocated, matchOwnerAndText, ownersOf, sortForList, type MapRobot } from './filters';

function robot(id: number, fields: Partial<MapRobot> = {}): MapRobot {
  return {
    deviceId: id,
    deviceSerialNumber: `SN${id}`,
    deviceCode: `Robot ${id}`,
    userId: 1,
    userName: 'City Hospital',
    account: 'userA1',
    latitude: 31.2,
    longitude: 121.4,
    state: 'idle',
    ...fields,
  };
}

describe('device map filters', () => {
  const robots = [
    robot(1, { state: 'offline' }),
    robot(2, { state: 'alarm', deviceCode: 'Ward 2' }),
    robot(3, { state: 'working', userId: 2, userName: 'Mall', account: 'userB1' }),
    robot(4, { latitude: null, longitude: null }),
  ];

  it('filters by state, owner and name or serial number', () => {
    expect(filterRobots(robots, { states: [], ownerId: null, text: '' })).toHaveLength(4);
    expect(filterRobots(robots, { states: ['alarm', 'working'], ownerId: null, text: '' }).map((r) => r.deviceId)).toEqual([2, 3]);
    expect(filterRobots(robots, { states: [], ownerId: 2, text: '' }).map((r) => r.deviceId)).toEqual([3]);
    expect(matchOwnerAndText(robots, { ownerId: null, text: ' ward ' }).map((r) => r.deviceId)).toEqual([2]);
    expect(matchOwnerAndText(robots, { ownerId: null, text: 'sn4' }).map((r) => r.deviceId)).toEqual([4]);
  });

  it('tells robots with usable coordinates', () => {
    expect(isLocated(robots[0]!)).toBe(true);
    expect(isLocated(robots[3]!)).toBe(false);
    expect(isLocated({ latitude: 0, longitude: 0 })).toBe(false);
    expect(isLocated({ latitude: 95, longitude: 10 })).toBe(false);
  });

  it('lists alarms first and offline last, and the owners with their counts', () => {
    expect(sortForList(robots).map((r) => r.deviceId)).toEqual([2, 3, 4, 1]);
    expect(ownersOf(robots)).toEqual([
      { userId: 1, label: 'City Hospital (userA1)', count: 3 },
      { userId: 2, label: 'Mall (userB1)', count: 1 },
    ]);
  });
});
