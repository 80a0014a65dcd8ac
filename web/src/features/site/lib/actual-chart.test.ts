import { describe, expect, it } from 'vitest';
import type { ActualDetail } from '../api/actual';
import { countsByDay, stateBars } from './actual-chart';
import { RUN_STATE_COLORS, RUN_STATES } from './states';

const run = (day: string, state: ActualDetail['items'][number]['runs'][number]['state']) => ({
  day, slot: 1, windowStart: `${day}T08:00:00+00:00`, windowEnd: `${day}T10:00:00+00:00`, state, run: null, reasons: [],
});

describe('plan against actual by day', () => {
  it('counts every day of the period by state, empty days too', () => {
    const detail = {
      start: '2026-11-23',
      end: '2026-11-25',
      items: [
        { runs: [run('2026-11-23', 'done'), run('2026-11-23', 'missed'), run('2026-11-25', 'pending')] },
        { runs: [run('2026-11-23', 'missed')] },
      ],
    } as unknown as ActualDetail;
    const bars = countsByDay(detail, (day) => day.slice(5));
    expect(bars.map((b) => b.label)).toEqual(['11-23', '11-24', '11-25']);
    expect(bars[0]?.counts).toEqual({ done: 1, late: 0, short: 0, missed: 2, failed: 0, pending: 0 });
    expect(bars[1]?.counts.missed).toBe(0);
    expect(bars[2]?.counts.pending).toBe(1);
  });

  it('stacks the six states in order, each in its own colour', () => {
    const names = Object.fromEntries(RUN_STATES.map((s) => [s, s.toUpperCase()])) as Record<(typeof RUN_STATES)[number], string>;
    const option = stateBars([{ key: 'a', label: 'Mon', counts: { done: 3, late: 1, short: 0, missed: 2, failed: 0, pending: 1 } }], names);
    const series = option.series as { name: string; stack: string; data: number[]; itemStyle: { color: string } }[];
    expect(series.map((s) => s.name)).toEqual(['DONE', 'LATE', 'SHORT', 'MISSED', 'FAILED', 'PENDING']);
    expect(new Set(series.map((s) => s.stack))).toEqual(new Set(['runs']));
    expect(series.map((s) => s.data[0])).toEqual([3, 1, 0, 2, 0, 1]);
    expect(new Set(series.map((s) => s.itemStyle.color)).size).toBe(6);
    expect(series[3]?.itemStyle.color).toBe(RUN_STATE_COLORS.missed);
  });
});
