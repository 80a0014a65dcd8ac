import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { durationText, minutes, openSeconds } from './durations';
import { pointLabel } from './figure-charts';
import { periodStart } from './periods';

describe('incident times', () => {
  it('reads a duration as H:MM:SS, hours past a day, a dash for none', () => {
    expect(durationText(0)).toBe('0:00:00');
    expect(durationText(2400)).toBe('0:40:00');
    expect(durationText(49 * 3600 + 300)).toBe('49:05:00');
    expect(durationText(null)).toBe('—');
    expect(minutes(90)).toBe(1.5);
    expect(minutes(null)).toBeNull();
  });

  it('counts time open until the end, or until now while active', () => {
    expect(openSeconds('2026-11-24T07:00:00Z', '2026-11-24T07:40:00Z', 0)).toBe(2400);
    expect(openSeconds('2026-11-24T07:00:00Z', null, Date.parse('2026-11-24T08:00:00Z'))).toBe(3600);
  });

  it('starts the reports’ periods on the reader’s day: 7 days, 30 days, 13 weeks, 12 months', () => {
    const today = dayjs('2026-11-24T15:00:00');
    expect(dayjs(periodStart('week', today)).format('YYYY-MM-DD HH:mm')).toBe('2026-11-18 00:00');
    expect(dayjs(periodStart('month', today)).format('YYYY-MM-DD')).toBe('2026-10-26');
    expect(dayjs(periodStart('quarter', today)).format('YYYY-MM-DD')).toBe('2026-08-26');
    expect(dayjs(periodStart('year', today)).format('YYYY-MM-DD')).toBe('2025-12-01');
    expect(periodStart('all', today)).toBeUndefined();
  });

  it('labels a chart point by its day, week or month', () => {
    expect(pointLabel({ startDate: '2026-11-24', endDate: '2026-11-24' }, 'day')).toBe('11-24');
    expect(pointLabel({ startDate: '2026-11-16', endDate: '2026-11-22' }, 'week')).toBe('11-16–11-22');
    expect(pointLabel({ startDate: '2026-11-01', endDate: '2026-11-30' }, 'month')).toBe('2026-11');
  });
});
