import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayBounds, dayParam, dayParams, linkedRange } from './day-range';

// A reader in Shanghai (UTC+8): Node applies a changed TZ at once; each test file runs in its own process.
beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Shanghai');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('the reader\'s days', () => {
  it('runs in the zone the test sets', () => {
    expect(new Date('2026-11-20T00:00:00Z').getTimezoneOffset()).toBe(-480);
  });

  it('a day parameter is the local day, also in the hours where the UTC day differs', () => {
    const early = dayjs('2026-11-20T05:00:00');
    expect(early.toISOString().slice(0, 10)).toBe('2026-11-19');
    expect(dayParam(early)).toBe('2026-11-20');
    expect(dayParam(dayjs('2026-11-20T23:30:00'))).toBe('2026-11-20');
    expect(dayParams([early, dayjs('2026-11-21T01:00:00')])).toEqual({ startDate: '2026-11-20', endDate: '2026-11-21' });
    expect(dayParams(null)).toEqual({ startDate: undefined, endDate: undefined });
  });

  it('a range of days covers the first local midnight to the last day\'s end, as instants', () => {
    const day = dayjs('2026-11-20T23:30:00');
    expect(dayBounds([day, day])).toEqual({ startTime: '2026-11-19T16:00:00.000Z', endTime: '2026-11-20T15:59:59.999Z' });
    expect(dayBounds([null, day]).startTime).toBeUndefined();
  });

  it("a link's days become the picker's range; days that are not real or not in order are ignored", () => {
    const range = linkedRange(new URLSearchParams('deviceId=4&startDate=2026-03-02&endDate=2026-03-31'));
    expect(range?.map(dayParam)).toEqual(['2026-03-02', '2026-03-31']);
    expect(dayParams(range)).toEqual({ startDate: '2026-03-02', endDate: '2026-03-31' });
    for (const query of ['deviceId=4', 'startDate=2026-03-02', 'startDate=2026-02-30&endDate=2026-03-31', 'startDate=2026-03-31&endDate=2026-03-02', 'startDate=tomorrow&endDate=2026-03-31']) {
      expect(linkedRange(new URLSearchParams(query)), query).toBeUndefined();
    }
  });
});
