/**
 * Availability's numbers as the console shows them (the server's seconds and thousandths, read once: the PDF, the
 * xlsx and the mail show the same ones, backend/cleanfleet/sites/availability/rendered.py), and its charts.
 */
import type { ChartOption } from '@/components/charts/echart';
import type { DayFigures, Met, RobotFigures, SeverityFigures } from '../api/availability';

export const SEVERITIES = ['high', 'medium', 'low', 'all'] as const;
export const LOST_CAUSES = ['offline', 'fault', 'waiting'] as const;
export const EXCLUDED_CAUSES = ['update', 'maintenance'] as const;

/** Seconds as hours with one decimal, in the reader's language. */
export function hoursText(seconds: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(seconds / 3600);
}

/** Seconds as minutes with one decimal, or a dash when there is none. */
export function minutesText(seconds: number | null | undefined, language: string): string {
  if (seconds == null) return '—';
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(seconds / 60);
}

/** Thousandths as a percent with one decimal ("84.0%"), or a dash when nothing was scheduled. */
export function percentText(thousandths: number | null | undefined, language: string): string {
  if (thousandths == null) return '—';
  return new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(thousandths / 1000);
}

/** The change from the period before, in percentage points with a sign ("+1.2", "−3.0"); null when either is missing. */
export function trendPoints(now: number | null | undefined, before: number | null | undefined): number | null {
  if (now == null || before == null) return null;
  return Math.round(now - before) / 10;
}

export type MetState = 'met' | 'notMet' | 'none';

export function metState(value: boolean | null | undefined): MetState {
  if (value == null) return 'none';
  return value ? 'met' : 'notMet';
}

/** How many targets a period did not meet. */
export function notMet(met: Met): number {
  return [met.availability, met.ack, met.runsDone].filter((v) => v === false).length;
}

const AVAILABLE_COLOR = '#009e73';
const BELOW_COLOR = '#d55e00'; // a robot under the site's availability target

/** Availability (%) per robot as bars; a robot under the site's target in the warning colour. */
export function robotBars(robots: readonly RobotFigures[], target: number | null, name: string): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v) => `${String(v)}%` },
    grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'value', min: 0, max: 100 },
    yAxis: { type: 'category', inverse: true, data: robots.map((r) => r.deviceCode || String(r.deviceId)), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [
      {
        type: 'bar',
        name,
        barMaxWidth: 24,
        itemStyle: { color: AVAILABLE_COLOR },
        data: robots.map((r) => ({
          value: r.availability == null ? null : r.availability / 10,
          itemStyle: { color: target != null && r.availability != null && r.availability < target ? BELOW_COLOR : AVAILABLE_COLOR },
        })),
      },
    ],
  };
}

/** Availability (%) per site day as a line (days with nothing scheduled left as gaps). */
export function dayLine(days: readonly DayFigures[], label: (day: string) => string, name: string): ChartOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => (v == null ? '—' : `${String(v)}%`) },
    grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => label(d.day)) },
    yAxis: { type: 'value', min: 0, max: 100 },
    series: [{ type: 'line', name, connectNulls: false, itemStyle: { color: AVAILABLE_COLOR }, data: days.map((d) => (d.availability == null ? null : d.availability / 10)) }],
  };
}

const minutes = (seconds: number | null | undefined) => (seconds == null ? null : Math.round(seconds / 6) / 10);

/** Mean minutes to acknowledge and to resolve by severity, side by side. */
export function severityBars(rows: readonly SeverityFigures[], names: Record<string, string>, series: { mtta: string; mttr: string }): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 8, right: 24, top: 16, bottom: 36, containLabel: true },
    xAxis: { type: 'category', data: rows.map((r) => names[r.severity] ?? r.severity) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: series.mtta, barMaxWidth: 28, data: rows.map((r) => minutes(r.mttaSeconds)) },
      { type: 'bar', name: series.mttr, barMaxWidth: 28, data: rows.map((r) => minutes(r.mttrSeconds)) },
    ],
  };
}
