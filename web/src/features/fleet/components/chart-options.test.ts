import { describe, expect, it } from 'vitest';
import { fleetOverTime, rateGauge, stackedBars } from './chart-options';

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

describe('fleetOverTime', () => {
  it('draws the fleet size as a line and the devices added as bars on a second axis', () => {
    const option = fleetOverTime(
      [
        { date: '11-01', total: 10, added: 0 },
        { date: '11-02', total: 12, added: 2 },
      ],
      { total: 'Fleet', added: 'Added' },
    ) as { series: { type: string; data: number[]; yAxisIndex?: number }[] };
    expect(option.series.map((s) => [s.type, s.data, s.yAxisIndex ?? 0])).toEqual([
      ['line', [10, 12], 0],
      ['bar', [0, 2], 1],
    ]);
  });
});

describe('rateGauge', () => {
  it('shows a rate as a percentage with one decimal', () => {
    const option = rateGauge(0.2574, 'Online now') as { series: { data: { value: number }[] }[] };
    expect(option.series[0]?.data[0]?.value).toBe(25.7);
  });
});
