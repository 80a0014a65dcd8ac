import { describe, expect, it } from 'vitest';
import { CLOCK_PATTERN, clockIn, dayIn, daysBetween, momentIn, weekdayName, weekdaysText, windowInOrder } from './clock';
import { timeZoneNames, utcOffset, zoneLabel } from './time-zones';

describe("a site's clock", () => {
  it('reads a moment on the site’s zone, not the reader’s', () => {
    // 23:30 UTC is 07:30 the next day in Shanghai and 18:30 the same day in New York (winter)
    expect(clockIn('2026-11-23T23:30:00+00:00', 'Asia/Shanghai')).toBe('07:30');
    expect(dayIn('2026-11-23T23:30:00+00:00', 'Asia/Shanghai')).toBe('2026-11-24');
    expect(momentIn('2026-11-23T23:30:00+00:00', 'America/New_York', '2026-11-23')).toBe('18:30');
    expect(momentIn('2026-11-23T23:30:00+00:00', 'Asia/Shanghai', '2026-11-23')).toBe('2026-11-24 07:30');
  });

  it('takes a window’s times as the server does: HH:MM, and 24:00 only as midnight', () => {
    for (const good of ['00:00', '08:30', '23:59', '24:00']) expect(CLOCK_PATTERN.test(good), good).toBe(true);
    for (const bad of ['8:30', '24:01', '25:00', '12:60', '12.30', '']) expect(CLOCK_PATTERN.test(bad), bad).toBe(false);
  });

  it('refuses a window that closes before it opens: no overnight windows (issue 48 item 11)', () => {
    expect(windowInOrder('08:00', '10:00')).toBe(true);
    expect(windowInOrder('00:00', '24:00')).toBe(true);
    expect(windowInOrder('10:00', '08:00')).toBe(false);
    expect(windowInOrder('10:00', '10:00')).toBe(false);
    expect(windowInOrder('22:00', '02:00')).toBe(false);
    expect(windowInOrder('10:00', '8:0')).toBe(true); // the format rule speaks
  });

  it('names weekdays in the reader’s language, every day as one word', () => {
    expect(weekdayName(1, 'en')).toBe('Mon');
    expect(weekdayName(7, 'en')).toBe('Sun');
    expect(weekdaysText([5, 1, 3], 'en', 'Every day')).toBe('Mon Wed Fri');
    expect(weekdaysText([1, 2, 3, 4, 5, 6, 7], 'en', 'Every day')).toBe('Every day');
  });

  it('lists every day of a period, both ends included', () => {
    expect(daysBetween('2026-11-29', '2026-12-02')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(daysBetween('2026-11-24', '2026-11-24')).toEqual(['2026-11-24']);
  });
});

describe('time zones', () => {
  it('offers the IANA names with UTC among them, each with its offset', () => {
    const names = timeZoneNames();
    expect(names).toContain('UTC');
    expect(names).toContain('Europe/Paris');
    expect(utcOffset('Asia/Shanghai')).toBe('UTC+08:00');
    expect(zoneLabel('Asia/Kolkata', new Date('2026-01-15T00:00:00Z'))).toBe('Asia/Kolkata (UTC+05:30)');
    expect(utcOffset('Not/AZone')).toBe('');
  });
});
