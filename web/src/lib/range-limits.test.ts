import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { outsideLimit, rangeLimit } from './range-limits';

describe('a list’s longest range (issue 48 item 9; the server’s table is core/ranges.py)', () => {
  const today = dayjs('2026-11-25');

  it('keeps the spec’s 7 days for the operation log and names the exceptions', () => {
    expect(rangeLimit('/log/list')).toBe(7);
    expect(rangeLimit('/taskReport/list')).toBe(7);
    expect(rangeLimit('/warn/list')).toBe(366);
  });

  it('offers no day after today and no range longer than the limit', () => {
    expect(outsideLimit(today.add(1, 'day'), 7, null, today)).toBe(true);
    expect(outsideLimit(today, 7, null, today)).toBe(false);
    const from = today.subtract(10, 'day');
    expect(outsideLimit(from.add(6, 'day'), 7, from, today)).toBe(false); // 7 days, both counted
    expect(outsideLimit(from.add(7, 'day'), 7, from, today)).toBe(true);
    expect(outsideLimit(from.subtract(7, 'day'), 7, from, today)).toBe(true);
  });
});
