/**
 * Plan against actual as stacked bars: one bar per day of a site's period (from its planned runs), or one per site
 * (every site of the branch), each split by state in the order of RUN_STATES and their colours.
 */
import type { ChartOption } from '@/components/charts/echart';
import type { ActualDetail, RunState, StateCounts } from '../api/actual';
import { daysBetween } from './clock';
import { RUN_STATE_COLORS, RUN_STATES } from './states';

export interface StateBar {
  key: string;
  label: string;
  counts: Record<RunState, number>;
}

export const noCounts = (): Record<RunState, number> => ({ done: 0, late: 0, short: 0, missed: 0, failed: 0, pending: 0 });

/** The planned runs of a site's period by day and state: every day of the period, empty days too. */
export function countsByDay(detail: Pick<ActualDetail, 'start' | 'end' | 'items'>, label: (day: string) => string): StateBar[] {
  const days = new Map(daysBetween(detail.start, detail.end).map((day) => [day, noCounts()]));
  for (const item of detail.items) {
    for (const run of item.runs) {
      const counts = days.get(run.day);
      if (counts) counts[run.state] += 1;
    }
  }
  return [...days].map(([day, counts]) => ({ key: day, label: label(day), counts }));
}

/** A site's (or the total's) counts by state. */
export function stateCounts(counts: StateCounts): Record<RunState, number> {
  return { done: counts.done, late: counts.late, short: counts.short, missed: counts.missed, failed: counts.failed, pending: counts.pending };
}

/** Past this many bars, they lie sideways (sites' names need the room). */
const SIDEWAYS_FROM = 8;

export function stateBars(bars: readonly StateBar[], names: Record<RunState, string>, options: { sideways?: boolean; rtl?: boolean } = {}): ChartOption {
  const sideways = options.sideways ?? bars.length >= SIDEWAYS_FROM;
  const categories = {
    type: 'category' as const,
    data: bars.map((b) => b.label),
    inverse: sideways,
    position: sideways && options.rtl ? ('right' as const) : undefined,
    axisLabel: sideways ? { width: 140, overflow: 'truncate' as const } : { interval: 0, rotate: bars.length > 10 ? 45 : 0 },
  };
  const values = { type: 'value' as const, minInterval: 1, inverse: sideways && options.rtl };
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    // one line of legend (it scrolls on a phone) under the axis' labels
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 8, right: 24, top: 16, bottom: 40, containLabel: true },
    xAxis: sideways ? values : categories,
    yAxis: sideways ? categories : values,
    series: RUN_STATES.map((state) => ({
      type: 'bar' as const,
      name: names[state],
      stack: 'runs',
      barMaxWidth: 36,
      itemStyle: { color: RUN_STATE_COLORS[state] },
      data: bars.map((b) => b.counts[state]),
    })),
  };
}

/** A sideways chart's height: room for every bar. */
export function stateBarsHeight(count: number): number {
  return count >= SIDEWAYS_FROM ? Math.max(280, count * 28 + 80) : 300;
}
