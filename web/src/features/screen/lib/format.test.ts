import { describe, expect, it } from 'vitest';
import { formatArea, formatCount, formatDay, formatRate, timeAgo, utcOffsetMinutes } from './format';

describe('wall formatting', () => {
  it('groups counts and shortens large areas in the language', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatArea(1234.4, 'en')).toBe('1,234');
    expect(formatArea(1_234_567, 'en')).toBe('1.2M');
    expect(formatArea(123_456, 'zh-CN')).toBe('12.3万');
  });

  it('prints rates in percent and days as month and day', () => {
    expect(formatRate(0.75, 'en')).toBe('75.0%');
    expect(formatDay('2026-11-21', 'en')).toBe('11/21');
    expect(formatDay('2026-11-21', 'zh-CN')).toBe('11/21');
    expect(formatDay('not a day', 'en')).toBe('not a day');
  });

  it('says how long ago, never in the future', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(timeAgo('2026-11-21T11:57:00Z', now, 'en')).toBe('3 minutes ago');
    expect(timeAgo('2026-11-21T12:00:30Z', now, 'en')).toBe('now');
    expect(timeAgo('2026-11-19T12:00:00Z', now, 'en')).toBe('2 days ago');
    expect(timeAgo('garbage', now, 'en')).toBe('');
  });

  it('gives the UTC offset as the server takes it', () => {
    const date = new Date();
    expect(utcOffsetMinutes(date)).toBe(-date.getTimezoneOffset());
  });
});

describe('formatArea on an axis', () => {
  it('uses one notation for every label', () => {
    expect(formatArea(90_000, 'zh-CN', true)).toBe('9万');
    expect(formatArea(150_000, 'zh-CN', true)).toBe('15万');
    expect(formatArea(90_000, 'en', false)).toBe('90,000');
  });
});
