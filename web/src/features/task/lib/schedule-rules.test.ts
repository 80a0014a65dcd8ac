import { describe, expect, it } from 'vitest';
import { endAfterStart, fromHhmm, isoWeekday, skipTodayBlock } from './schedule-rules';

const MONDAY = '2026-11-23T07:00:00+09:00';

describe('schedule rules', () => {
  it('reads the weekday of the robot’s own date, whatever this computer’s zone', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29T23:59:00-11:00')).toBe(7);
  });

  it('offers "skip today" only on a day the schedule runs, by the robot’s clock', () => {
    expect(skipTodayBlock({ isActive: true, repeat: [1, 3] }, MONDAY)).toBeNull();
    expect(skipTodayBlock({ isActive: true, repeat: [2, 4] }, MONDAY)).toEqual({ reason: 'notToday', date: '2026-11-23' });
    expect(skipTodayBlock({ isActive: false, repeat: [1] }, MONDAY)).toEqual({ reason: 'off' });
    expect(skipTodayBlock({ isActive: true, repeat: [2] }, null)).toBeNull(); // the server decides
  });

  it('wants the forced end after the start', () => {
    expect(endAfterStart(fromHhmm('10:00'), fromHhmm('09:30'))).toBe(false);
    expect(endAfterStart(fromHhmm('10:00'), fromHhmm('10:00'))).toBe(false);
    expect(endAfterStart(fromHhmm('10:00'), fromHhmm('10:05'))).toBe(true);
    expect(endAfterStart(fromHhmm('10:00'), null)).toBe(true);
  });

  it('turns a stored time back into a picker value', () => {
    expect(fromHhmm('08:30')?.format('HH:mm')).toBe('08:30');
    expect(fromHhmm('')).toBeNull();
  });
});
