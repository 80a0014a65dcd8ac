import { describe, expect, it } from 'vitest';
import { uploadPercent } from '@/api/upload';
import { firstOverlap, rangeBody, rangeValues } from './range';

describe('the device range editor', () => {
  it('reads a range the server answered, white by default', () => {
    expect(rangeValues(null)).toEqual({ scope: 'white', whiteList: [], blackList: [], testDevices: [] });
    const answered = { scope: 'all', whiteList: [], blackList: [{ deviceSerialNumber: 'B1' }], testDevices: [{ deviceSerialNumber: 'T1' }] };
    expect(rangeValues(answered)).toEqual({ scope: 'all', whiteList: [], blackList: ['B1'], testDevices: ['T1'] });
  });

  it('names the later list of a robot chosen twice', () => {
    expect(firstOverlap({ whiteList: ['A', 'B'], blackList: ['C'], testDevices: ['B'] })).toEqual({ serial: 'B', list: 'testDevices' });
    expect(firstOverlap({ whiteList: ['A'], blackList: ['C'], testDevices: [] })).toBeNull();
  });

  it('drops the white list when the range is every robot', () => {
    expect(rangeBody({ scope: 'all', whiteList: ['A'], blackList: ['B'], testDevices: [] })).toEqual({ scope: 'all', whiteList: [], blackList: ['B'], testDevices: [] });
    expect(rangeBody({ scope: 'white', whiteList: ['A'], blackList: [], testDevices: ['T'] }).whiteList).toEqual(['A']);
  });
});

describe('upload progress', () => {
  it('is a whole percentage, 0 while the size is unknown', () => {
    expect(uploadPercent(512, 1024)).toBe(50);
    expect(uploadPercent(1023, 1024)).toBe(99);
    expect(uploadPercent(10, 0)).toBe(0);
    expect(uploadPercent(10, 100, false)).toBe(0);
    expect(uploadPercent(200, 100)).toBe(100);
  });
});
