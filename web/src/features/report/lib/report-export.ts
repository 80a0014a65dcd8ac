/**
 * The report list and the charts' figures as export.xlsx (src/lib/workbook.ts): durations as hh:mm:ss
 * and percentages as percent texts, which the workbook turns into real durations and percentages.
 */
import type { TFunction } from 'i18next';
import type { ExportTable } from '@/lib/workbook';
import type { ChartData, Report } from '../api/reports';
import { coverageText, durationText, efficiencyValue, timeText } from './units';

const LIST_COLUMNS = [
  ['device', 24, (r: Report) => `${r.deviceName} (${r.deviceSerialNumber})`],
  ['task', 20, (r: Report) => r.taskName],
  ['map', 14, (r: Report) => r.mapName],
  ['start', 18, (r: Report) => timeText(r.startTime)],
  ['end', 18, (r: Report) => timeText(r.endTime)],
  ['duration', 12, (r: Report) => durationText(r.durationS)],
  ['planned', 14, (r: Report) => r.workArea],
  ['cleaned', 14, (r: Report) => r.cleanedArea],
  ['coverage', 10, (r: Report) => coverageText(r.coverage)],
  ['efficiency', 14, (r: Report) => efficiencyValue(r.efficiency)],
  ['battery', 10, (r: Report) => (r.batteryUsed === null ? '' : `${r.batteryUsed}%`)],
  ['alarms', 8, (r: Report) => r.alarmCount],
  ['result', 12, (r: Report) => r.result],
] as const;

export function listTable(rows: readonly Report[], t: TFunction): ExportTable {
  return {
    headers: LIST_COLUMNS.map(([key]) => t(`report.columns.${key}`)),
    widths: LIST_COLUMNS.map(([, width]) => width),
    rows: rows.map((row) => LIST_COLUMNS.map(([, , value]) => value(row))),
  };
}

const figures = (f: ChartData['points'][number] | ChartData['breakdown'][number]) => [
  f.runs, durationText(f.durationS), f.workArea, f.cleanedArea, coverageText(f.coverage), efficiencyValue(f.efficiency), f.alarmCount,
];

/** A chart's points (one row per day, week or month) then its breakdown rows. */
export function chartTable(chart: ChartData, t: TFunction): ExportTable {
  const headers = [t('report.chart.period'), t('report.chart.runs'), t('report.columns.duration'), t('report.columns.planned'),
    t('report.columns.cleaned'), t('report.columns.coverage'), t('report.columns.efficiency'), t('report.chart.alarms'), t('report.chart.onlineRate')];
  return {
    headers,
    widths: [24, 8, 12, 14, 14, 10, 14, 8, 12],
    rows: [
      ...chart.points.map((p) => [p.start === p.end ? p.start : `${p.start} – ${p.end}`, ...figures(p), coverageText(p.onlineRate)]),
      [],
      ...chart.breakdown.map((b) => [b.name || b.id, ...figures(b), '']),
    ],
  };
}
