/** ECharts options of the fleet charts, built from plain rows so they can be tested without a canvas. */
import type { ChartOption } from './echart';
import { OFFLINE_COLOR, ONLINE_COLOR } from './echart';

export interface CountRow {
  label: string;
  total: number;
  online: number;
}

interface SeriesNames {
  online: string;
  offline: string;
}

const AXIS_LABEL_WIDTH = 140;

/** Online and offline as a doughnut. */
export function stateDoughnut(online: number, offline: number, names: SeriesNames): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['45%', '72%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b}\n{c}' },
        data: [
          { name: names.online, value: online, itemStyle: { color: ONLINE_COLOR } },
          { name: names.offline, value: offline, itemStyle: { color: OFFLINE_COLOR } },
        ],
      },
    ],
  };
}

/**
 * Rows as stacked bars (online + offline = total); horizontal when the labels are many or long.
 * Right to left, horizontal bars grow from the right with their labels on the right.
 */
export function stackedBars(rows: readonly CountRow[], names: SeriesNames, horizontal = false, rtl = false): ChartOption {
  const labels = rows.map((r) => r.label);
  const categoryAxis = {
    type: 'category' as const,
    data: labels,
    inverse: horizontal,
    position: horizontal && rtl ? ('right' as const) : undefined,
    axisLabel: horizontal
      ? { width: AXIS_LABEL_WIDTH, overflow: 'truncate' as const }
      : { interval: 0, rotate: labels.length > 6 ? 30 : 0, width: 90, overflow: 'truncate' as const },
  };
  const valueAxis = { type: 'value' as const, minInterval: 1, inverse: horizontal && rtl };
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 8, right: 24, top: 16, bottom: 36, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: [
      {
        type: 'bar',
        name: names.online,
        stack: 'devices',
        itemStyle: { color: ONLINE_COLOR },
        data: rows.map((r) => r.online),
        barMaxWidth: 36,
      },
      {
        type: 'bar',
        name: names.offline,
        stack: 'devices',
        itemStyle: { color: OFFLINE_COLOR },
        data: rows.map((r) => Math.max(0, r.total - r.online)),
        barMaxWidth: 36,
        label: {
          show: true,
          position: horizontal ? (rtl ? 'left' : 'right') : 'top',
          formatter: (p) => String(rows[p.dataIndex]?.total ?? ''),
        },
      },
    ],
  };
}

/** A horizontal chart's height: enough room for every bar. */
export function barsHeight(count: number, min = 260): number {
  return Math.max(min, count * 26 + 60);
}

export interface OnlineDayRow {
  date: string;
  online: number;
  total: number;
  /** online / total, 0 to 1 */
  rate: number;
}

/** Percent with one decimal, from a rate of 0 to 1. */
export function percent(rate: number): number {
  return Math.round(rate * 1000) / 10;
}

/**
 * Devices online each day (bars) against the fleet's size that day (line), and the day's online rate
 * (line, in percent on a second axis).
 */
export function onlinePerDay(
  days: readonly OnlineDayRow[],
  names: { online: string; total: string; rate: string },
): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 8, right: 8, top: 28, bottom: 36, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => d.date), boundaryGap: true },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', min: 0, max: 100, splitLine: { show: false }, axisLabel: { formatter: '{value}%' } },
    ],
    series: [
      {
        type: 'bar',
        name: names.online,
        data: days.map((d) => d.online),
        barMaxWidth: 18,
        itemStyle: { color: ONLINE_COLOR },
      },
      {
        type: 'line',
        name: names.total,
        data: days.map((d) => d.total),
        showSymbol: false,
        lineStyle: { color: OFFLINE_COLOR },
        itemStyle: { color: OFFLINE_COLOR },
      },
      {
        type: 'line',
        name: names.rate,
        yAxisIndex: 1,
        data: days.map((d) => percent(d.rate)),
        showSymbol: days.length <= 31,
        tooltip: { valueFormatter: (value) => `${String(value)}%` },
      },
    ],
  };
}

/** A rate from 0 to 1 as a gauge in percent. */
export function rateGauge(rate: number, name: string): ChartOption {
  return {
    series: [
      {
        type: 'gauge',
        min: 0,
        max: 100,
        progress: { show: true, width: 14 },
        axisLine: { lineStyle: { width: 14 } },
        splitLine: { length: 8 },
        axisTick: { show: false },
        axisLabel: { distance: 18 },
        pointer: { show: false },
        title: { offsetCenter: [0, '70%'] },
        detail: { valueAnimation: true, formatter: '{value}%', offsetCenter: [0, '10%'], fontSize: 28 },
        data: [{ value: percent(rate), name }],
      },
    ],
  };
}

/** Simple bars of one value per label (activity in the last day, week and month). */
// past this many bars their figures above them run into each other: the tooltip tells each one instead
const LABELLED_BARS = 12;

export function simpleBars(rows: readonly { label: string; value: number }[], name: string): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: rows.map((r) => r.label), axisLabel: { interval: 0, width: 110, overflow: 'break' } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name, data: rows.map((r) => r.value), barMaxWidth: 48, label: { show: rows.length <= LABELLED_BARS, position: 'top' } }],
  };
}
