import { describe, expect, it } from 'vitest';
import { countByState, DEVICE_STATES, stateColor, stateRank, STATE_COLORS } from './states';

describe('device states', () => {
  it('gives every state its own colour and draws unknown ones as offline', () => {
    expect(new Set(Object.values(STATE_COLORS)).size).toBe(DEVICE_STATES.length);
    expect(stateColor('alarm')).toBe(STATE_COLORS.alarm);
    expect(stateColor('dancing')).toBe(STATE_COLORS.offline);
  });

  it('ranks alarms first and offline last', () => {
    expect(['offline', 'idle', 'alarm', 'working', 'x'].toSorted((a, b) => stateRank(a) - stateRank(b))).toEqual([
      'alarm',
      'working',
      'idle',
      'offline',
      'x',
    ]);
  });

  it('counts every state, zero included', () => {
    expect(countByState([{ state: 'working' }, { state: 'working' }, { state: 'odd' }])).toEqual({
      alarm: 0,
      working: 2,
      charging: 0,
      idle: 0,
      offline: 1,
    });
  });
});
