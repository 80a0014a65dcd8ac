/** The figures' charts: the trend (incidents as bars, mean times as lines) and the breakdown (mean times per row). */
import { CHART_COLORS, OFFLINE_COLOR, type ChartOption } from '@/components/charts/echart';
import type { Chart, FigureRow } from '../api/figures';
import { minutes } from './durations';

/** One colour per measure in both charts: acknowledge teal, resolve amber, the count grey behind them. */
const ACK_COLOR = CHART_COLORS[0];
const RESOLVE_COLOR = CHART_COLORS[1];

export interface SeriesNames {
  incidents: string;
  ack: string;
  resolve: string;
  minutes: string;
}

/** A point's label: the day (MM-DD), the week's first and last days, or the month (YYYY-MM). */
export function pointLabel(point: Pick<Chart['points'][number], 'startDate' | 'endDate'>, bucket: Chart['bucket']): string {
  if (bucket === 'month') return point.startDate.slice(0, 7);
  return point.startDate === point.endDate ? point.startDate.slice(5) : `${point.startDate.slice(5)}–${point.endDate.slice(5)}`;
}

export function trendChart(chart: Chart, names: SeriesNames): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: chart.points.map((p) => pointLabel(p, chart.bucket)) },
    yAxis: [
      { type: 'value', name: names.minutes, minInterval: 1 },
      { type: 'value', name: names.incidents, minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: names.incidents, yAxisIndex: 1, data: chart.points.map((p) => p.incidents), barMaxWidth: 28, itemStyle: { color: OFFLINE_COLOR, opacity: 0.5 } },
      { type: 'line', name: names.ack, data: chart.points.map((p) => minutes(p.ackAvgSeconds)), connectNulls: true, symbolSize: 7, itemStyle: { color: ACK_COLOR } },
      { type: 'line', name: names.resolve, data: chart.points.map((p) => minutes(p.resolveAvgSeconds)), connectNulls: true, symbolSize: 7, itemStyle: { color: RESOLVE_COLOR }, lineStyle: { type: 'dashed' } },
    ],
  };
}

/** The rows' mean times side by side, sideways (names read along the bars), the first rows only. */
export function breakdownChart(rows: readonly FigureRow[], names: SeriesNames, label: (row: FigureRow) => string, rtl: boolean): ChartOption {
  const shown = rows.slice(0, 20).toReversed();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'value', name: names.minutes, inverse: rtl },
    yAxis: { type: 'category', data: shown.map(label), position: rtl ? 'right' : 'left', axisLabel: { width: 140, overflow: 'truncate' } },
    series: [
      { type: 'bar', name: names.ack, data: shown.map((r) => minutes(r.ackAvgSeconds)), barMaxWidth: 14, itemStyle: { color: ACK_COLOR } },
      { type: 'bar', name: names.resolve, data: shown.map((r) => minutes(r.resolveAvgSeconds)), barMaxWidth: 14, itemStyle: { color: RESOLVE_COLOR } },
    ],
  };
}
