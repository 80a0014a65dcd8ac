import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { checkDateRange, isFutureDay, isoDay, presetRange } from './date-range';

const today = dayjs('2026-11-20T15:30:00');
const day = (text: string) => dayjs(text);

describe('presetRange', () => {
  it.each([
    ['week', '2026-11-14'],
    ['month', '2026-10-21'],
    ['quarter', '2026-08-21'],
    ['year', '2025-11-21'],
  ] as const)('%s ends today and starts on %s', (preset, start) => {
    const [from, to] = presetRange(preset, today);
    expect([isoDay(from), isoDay(to)]).toEqual([start, '2026-11-20']);
  });

  it('keeps a year within 366 days across a leap day', () => {
    const [from, to] = presetRange('year', dayjs('2028-03-01'));
    expect(to.diff(from, 'day') + 1).toBeLessThanOrEqual(366);
  });
});

describe('checkDateRange', () => {
  it('passes a range of up to 7 days that ends today or earlier', () => {
    expect(checkDateRange(day('2026-11-14'), day('2026-11-20'), today)).toBeNull();
    expect(checkDateRange(day('2026-11-01'), day('2026-11-01'), today)).toBeNull();
  });

  it.each([
    [null, '2026-11-20', 'required'],
    ['2026-11-20', null, 'required'],
    ['2026-11-19', '2026-11-18', 'startAfterEnd'],
    ['2026-11-21', '2026-11-22', 'startInFuture'],
    ['2026-11-19', '2026-11-21', 'endInFuture'],
    ['2026-11-13', '2026-11-20', 'tooLong'],
    ['2026-10-01', '2026-10-31', 'tooLong'],
  ])('%s to %s is refused: %s', (start, end, error) => {
    expect(checkDateRange(start ? day(start) : null, end ? day(end) : null, today)).toBe(error);
  });

  it('names "start after end" before anything else', () => {
    expect(checkDateRange(day('2026-12-30'), day('2026-12-01'), today)).toBe('startAfterEnd');
  });
});

describe('isFutureDay', () => {
  it('disables days after today only', () => {
    expect(isFutureDay(day('2026-11-21'), today)).toBe(true);
    expect(isFutureDay(day('2026-11-20T23:59'), today)).toBe(false);
  });
});
