import { describe, expect, it } from 'vitest';
import { controlStatus, formatCountdown, secondsLeft } from './lease';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const lease = (minutesLeft: number | null, mine = true) => ({
  held: true,
  holder: mine ? 'admin' : 'dealerA',
  mine,
  longTerm: minutesLeft === null,
  expiresAt: minutesLeft === null ? null : new Date(NOW + minutesLeft * 60_000).toISOString(),
});

describe('control lease countdown', () => {
  it('counts the seconds left, rounding up, and stops at 0', () => {
    expect(secondsLeft(lease(10), NOW)).toBe(600);
    expect(secondsLeft(lease(10), NOW + 500)).toBe(600);
    expect(secondsLeft(lease(10), NOW + 1_000)).toBe(599);
    expect(secondsLeft(lease(1), NOW + 120_000)).toBe(0);
  });

  it('has no countdown for a long-term lease or none', () => {
    expect(secondsLeft(lease(null), NOW)).toBeNull();
    expect(secondsLeft({ held: false, longTerm: false, expiresAt: null }, NOW)).toBeNull();
    expect(secondsLeft(undefined, NOW)).toBeNull();
  });

  it('reads as m:ss under an hour and h:mm:ss above', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(7199)).toBe('1:59:59');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('tells mine, another user’s, or free (an expired lease is free)', () => {
    expect(controlStatus(lease(10), NOW)).toBe('mine');
    expect(controlStatus(lease(10, false), NOW)).toBe('other');
    expect(controlStatus(lease(null, false), NOW)).toBe('other');
    expect(controlStatus(lease(1, false), NOW + 61_000)).toBe('free');
    expect(controlStatus({ held: false, mine: false, longTerm: false }, NOW)).toBe('free');
    expect(controlStatus(undefined, NOW)).toBe('free');
  });
});
