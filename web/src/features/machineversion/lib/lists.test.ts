import { describe, expect, it } from 'vitest';
import type { RangeDevice, SoftVersionOption } from '../api/machine-versions';
import { listsOf, onBothLists, rangeCount, uniqueVersions } from './lists';

const robot = (sn: string, white: boolean, black: boolean): RangeDevice => ({
  deviceId: 1,
  deviceSerialNumber: sn,
  deviceName: sn,
  softVersion: '',
  firmwareVersion: '',
  padVersion: '',
  white,
  black,
  inRange: white && !black,
});

describe('whole-machine version lists', () => {
  it('reads the white and black lists from the robots flags', () => {
    expect(listsOf([robot('A', true, false), robot('B', false, true), robot('C', false, false)])).toEqual({ white: ['A'], black: ['B'] });
  });

  it('counts the range: the white list, or everyone without one, less the black list', () => {
    expect(rangeCount(['A', 'B', 'C'], ['A', 'B'], ['B'])).toBe(1);
    expect(rangeCount(['A', 'B', 'C'], [], ['C'])).toBe(2);
    expect(rangeCount(['A'], [], [])).toBe(1);
  });

  it('finds robots on both lists', () => {
    expect(onBothLists(['A', 'B'], ['B', 'C'])).toEqual(['B']);
  });

  it('offers each software version once', () => {
    const options: SoftVersionOption[] = [
      { version: '3.5', name: 'FW main', source: 'firmware', id: 1, devices: 0 },
      { version: '3.5', name: '3.5', source: 'device', id: null, devices: 4 },
      { version: 'soft-2', name: 'soft-2', source: 'device', id: null, devices: 1 },
    ];
    expect(uniqueVersions(options)).toEqual([
      { value: '3.5', label: '3.5 (FW main)' },
      { value: 'soft-2', label: 'soft-2' },
    ]);
  });
});
