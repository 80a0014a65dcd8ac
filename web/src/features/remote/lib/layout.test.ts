import { describe, expect, it } from 'vitest';
import { apiPrefix, layoutFor, mapPath, robotPath, utilityValueKey } from './layout';
import { matchRobots } from './match-robots';

describe('layout by protocol version', () => {
  it('gives protocol 3 and above the version 3 layout on api1/, older robots the older one on api/', () => {
    expect(layoutFor(3)).toBe('v3');
    expect(layoutFor(4)).toBe('v3');
    expect(layoutFor(2)).toBe('legacy');
    expect(layoutFor(1)).toBe('legacy');
    expect(layoutFor(null)).toBe('legacy');
    expect(apiPrefix(3)).toBe('api1');
    expect(apiPrefix(2)).toBe('api');
    expect(robotPath(3, 'robot_pose')).toBe('api1/robot_pose');
    expect(robotPath(2, 'robot_pose')).toBe('api/robot_pose');
    expect(mapPath('map_info')).toBe('api2/map_info');
  });

  it('sends a utility value as value from protocol 3 on and as val before', () => {
    expect(utilityValueKey(3)).toBe('value');
    expect(utilityValueKey(2)).toBe('val');
  });
});

describe('robot chooser search', () => {
  const robots = [
    { deviceCode: 'CF-S3 scrubber 01', deviceSerialNumber: 'CF3-0001' },
    { deviceCode: 'Lobby sweeper', deviceSerialNumber: 'CF2-0002' },
  ];
  it('matches part of the name or serial number in any case; an empty search shows all', () => {
    expect(matchRobots(robots, ' cf2 ').map((r) => r.deviceSerialNumber)).toEqual(['CF2-0002']);
    expect(matchRobots(robots, 'SCRUB').map((r) => r.deviceSerialNumber)).toEqual(['CF3-0001']);
    expect(matchRobots(robots, '')).toHaveLength(2);
    expect(matchRobots(robots, 'nothing')).toEqual([]);
  });
});
