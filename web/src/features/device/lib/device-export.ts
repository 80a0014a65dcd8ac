/**
 * The device export (export.xlsx): the rows as the list reads them, then cells where hh:mm:ss
 * texts are durations and percentage texts percentages (see export-cells.ts). exceljs is loaded
 * only when someone exports: it is a large chunk of its own.
 */
import type { TFunction } from 'i18next';
import type { Device } from '@/api/device/types';
import { formatTime, percentText, runningTime, simProviderName, sinceHeartbeat } from './device-display';
import { toExportCell, type ExportValue } from './export-cells';

export const EXPORT_FILE_NAME = 'export.xlsx';

const COLUMNS = [
  ['serialNumber', 26, (d) => d.deviceSerialNumber],
  ['name', 24, (d) => d.deviceCode],
  ['model', 18, (d) => d.typeName],
  ['owner', 22, (d) => d.userName || d.account],
  ['account', 16, (d) => d.account],
  ['online', 10, (d, t) => (d.online ? t('device.state.online') : t('device.state.offline'))],
  ['battery', 10, (d) => percentText(d.battery)],
  ['charging', 10, (d, t) => (d.charging ? t('device.state.charging') : t('device.state.notCharging'))],
  ['map', 16, (d) => d.map],
  ['task', 20, (d) => d.job],
  ['progress', 10, (d) => percentText(d.progress)],
  ['runningTime', 14, (d, _t, now) => runningTime(d, now)],
  ['sinceHeartbeat', 16, (d, _t, now) => sinceHeartbeat(d, now)],
  ['heartbeat', 20, (d) => formatTime(d.heartbeatTime)],
  ['firmware', 12, (d) => d.firmwareVersion],
  ['software', 12, (d) => d.softVersion],
  ['pad', 12, (d) => d.padVersion],
  ['simNo', 22, (d) => d.simNo],
  ['simProvider', 22, (d, t) => simProviderName(d.simSupport, t)],
  ['rackNumber', 12, (d) => d.rackNumber],
  ['customer', 20, (d) => d.customerName],
  ['address', 30, (d) => [d.address, d.address1].filter(Boolean).join(' · ')],
  ['area', 14, (d) => d.area || d.country],
  ['createTime', 20, (d) => formatTime(d.createTime)],
] as const satisfies readonly (readonly [string, number, (d: Device, t: TFunction, now: number) => ExportValue])[];

export type ExportColumn = (typeof COLUMNS)[number][0];

export interface ExportTable {
  headers: string[];
  widths: number[];
  rows: ExportValue[][];
}

/** The sheet's header and rows, as texts and numbers the list shows. */
export function exportTable(devices: readonly Device[], t: TFunction, now = Date.now()): ExportTable {
  return {
    headers: COLUMNS.map(([key]) => t(`device.export.columns.${key}`)),
    widths: COLUMNS.map(([, width]) => width),
    rows: devices.map((device) => COLUMNS.map(([, , value]) => value(device, t, now))),
  };
}

/** The workbook as a file: one sheet, a bold frozen header, typed cells. */
export async function exportWorkbook(table: ExportTable, sheetName: string): Promise<Blob> {
  const module = await import('exceljs');
  const Excel = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new Excel.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.headers.map((header, i) => ({ header, width: table.widths[i] }));
  sheet.getRow(1).font = { bold: true };
  for (const values of table.rows) {
    const row = sheet.addRow([]);
    values.forEach((value, i) => {
      const cell = row.getCell(i + 1);
      const converted = toExportCell(value);
      cell.value = converted.value;
      if (converted.numFmt) cell.numFmt = converted.numFmt;
    });
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
