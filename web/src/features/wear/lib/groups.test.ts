import { describe, expect, it } from 'vitest';
import { grouped, groupOf } from './groups';

const page = { thisWeekEnd: '2026-03-08', nextWeekEnd: '2026-03-15' };

describe('wear groups', () => {
  it('puts a date in this week, next week or later, and no date last', () => {
    expect(groupOf(page, { dueDate: '2026-03-02' })).toBe('thisWeek');
    expect(groupOf(page, { dueDate: '2026-03-08' })).toBe('thisWeek');
    expect(groupOf(page, { dueDate: '2026-03-09' })).toBe('nextWeek');
    expect(groupOf(page, { dueDate: '2026-03-16' })).toBe('later');
    expect(groupOf(page, { dueDate: null })).toBe('undated');
  });

  it('keeps the list order inside each group', () => {
    const rows = [{ dueDate: '2026-03-03', part: 'a' }, { dueDate: '2026-03-10', part: 'b' }, { dueDate: '2026-03-04', part: 'c' }];
    const groups = grouped({ ...page, list: rows as never });
    expect(groups.map(([g, list]) => [g, list.map((r) => r.part)])).toEqual([
      ['thisWeek', ['a', 'c']],
      ['nextWeek', ['b']],
    ]);
  });
});
