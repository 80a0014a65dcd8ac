import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { toExportCell } from '@/lib/export-cells';
import type { Report } from '../api/reports';
import { listTable } from './report-export';

const t = ((key: string) => key) as unknown as TFunction;
const row = {
  taskReportId: 1, gid: 1, deviceId: 2, deviceName: 'Lobby 1', deviceSerialNumber: 'CF3-0001', runId: 'r', taskName: 'Sweep',
  mapName: 'Level 1', source: 'manual', scheduleName: '', result: 'finished', reason: '', startTime: '2026-11-20T08:00:00+00:00',
  endTime: '2026-11-20T08:40:00+00:00', durationS: 2400, workArea: 300, cleanedArea: 270, coverage: 900, efficiency: 40500,
  distanceM: 1, batteryStart: 90, batteryEnd: 70, batteryUsed: 20, cleanMode: 'clean', pathType: 'bow', alarmCount: 2,
  alarmCounts: {}, manual: false, remark: '', hasPath: false,
} satisfies Report;

describe('the report export', () => {
  it('writes durations and percentages the sheet can sum', () => {
    const table = listTable([row], t);
    expect(table.headers[0]).toBe('report.columns.device');
    const cells = (table.rows[0] ?? []).map(toExportCell);
    expect(cells[5]).toEqual({ value: 2400 / 86400, numFmt: '[h]:mm:ss' });
    expect(cells[8]).toEqual({ value: 0.9, numFmt: '0.0%' });
    expect(cells[9]?.value).toBe(405);
  });
});
