import { describe, expect, it } from 'vitest';
import { weekOption } from './week-chart';

describe('weekOption', () => {
  it('stacks the days by state, labelled by month and day', () => {
    const days = [
      { day: '2026-11-21', total: 3, unresolved: 1, resolved: 2, unknown: 0, faults: 1 },
      { day: '2026-11-22', total: 1, unresolved: 0, resolved: 0, unknown: 1, faults: 0 },
    ];
    const option = weekOption(days, { unresolved: 'Open', resolved: 'Done', unknown: '?' });
    expect((option.xAxis as { data: string[] }).data).toEqual(['11-21', '11-22']);
    const series = option.series as { name: string; stack: string; data: number[] }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([['Open', [1, 0]], ['Done', [2, 0]], ['?', [0, 1]]]);
    expect(new Set(series.map((s) => s.stack)).size).toBe(1);
  });
});
