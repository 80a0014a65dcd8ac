import { describe, expect, it } from 'vitest';
import { onlinePerDay, rateGauge, simpleBars, stackedBars } from './chart-options';

const names = { online: 'Online', offline: 'Offline' };
const rows = [
  { label: 'CleanBot S1', total: 9, online: 3 },
  { label: 'LiftBot E1', total: 4, online: 0 },
];

describe('stackedBars', () => {
  it('stacks online and the rest of each total', () => {
    const option = stackedBars(rows, names) as { series: { data: number[] }[] };
    expect(option.series.map((s) => s.data)).toEqual([
      [3, 0],
      [6, 4],
    ]);
  });

  it('mirrors horizontal bars right to left', () => {
    const option = stackedBars(rows, names, true, true) as { xAxis: { inverse: boolean }; yAxis: { position: string } };
    expect(option.xAxis.inverse).toBe(true);
    expect(option.yAxis.position).toBe('right');
    const ltr = stackedBars(rows, names, true, false) as { xAxis: { inverse: boolean } };
    expect(ltr.xAxis.inverse).toBe(false);
  });
});

describe('onlinePerDay', () => {
  it('draws the online devices as bars, the fleet as a line and the rate in percent on a second axis', () => {
    const option = onlinePerDay(
      [
        { date: '11-01', online: 7, total: 10, rate: 0.7 },
        { date: '11-02', online: 0, total: 0, rate: 0 },
        { date: '11-03', online: 1, total: 3, rate: 0.3333 },
      ],
      { online: 'Online', total: 'Fleet', rate: 'Rate' },
    ) as { series: { type: string; data: number[]; yAxisIndex?: number }[]; yAxis: { max?: number }[] };
    expect(option.series.map((s) => [s.type, s.data, s.yAxisIndex ?? 0])).toEqual([
      ['bar', [7, 0, 1], 0],
      ['line', [10, 0, 3], 0],
      ['line', [70, 0, 33.3], 1],
    ]);
    expect(option.yAxis[1]?.max).toBe(100);
  });
});

describe('rateGauge', () => {
  it('shows a rate as a percentage with one decimal', () => {
    const option = rateGauge(0.2574, 'Online now') as { series: { data: { value: number }[] }[] };
    expect(option.series[0]?.data[0]?.value).toBe(25.7);
  });
});

const manyRows = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `r${i}`, value: i }));
const labelShown = (option: ReturnType<typeof simpleBars>) => (option.series as { label: { show: boolean } }[])[0]?.label.show;

describe('simpleBars', () => {
  it('writes each figure above its bar, up to a dozen bars (beyond, the tooltip tells them)', () => {
    expect(labelShown(simpleBars(manyRows(12), 'n'))).toBe(true);
    expect(labelShown(simpleBars(manyRows(20), 'n'))).toBe(false);
  });
});
