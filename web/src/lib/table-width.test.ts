import { describe, expect, it } from 'vitest';
import { dateTimeLines } from '@/components/date-time-lines';
import { tableWidth } from './table-width';

describe('tableWidth', () => {
  it('is the sum of the columns\' pixel widths (a column without one adds nothing)', () => {
    expect(tableWidth([{ width: 150 }, { width: 96 }, {}, { width: '20%' }, { width: 80 }])).toBe(326);
  });
});

describe('dateTimeLines', () => {
  it('puts the date above the time so the column stays narrow', () => {
    expect(dateTimeLines('2026-11-23 19:48')).toEqual(['2026-11-23', '19:48']);
    expect(dateTimeLines('—')).toEqual(['—']);
  });
});
