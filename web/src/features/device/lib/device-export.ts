/**
 * The device export (export.xlsx): the rows as the list reads them, then cells where hh:mm:ss
 * texts are durations and percentage texts percentages (see export-cells.ts). exceljs is loaded
 * only when someone exports: it is a large chunk of its own.
 */
import type { TFunction } from 'i18next';
import type { Device } from '@/api/device/types';
import { countryNameIn } from '@/lib/country-name';
import { formatTime, percentText, runningTime, simProviderName, sinceHeartbeat } from './device-display';
import type { ExportTable } from '@/lib/workbook';
import type { ExportValue } from './export-cells';

export { downloadBlob, EXPORT_FILE_NAME, exportWorkbook, type ExportTable } from '@/lib/workbook';

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
  // the country in the reader's language (the server names it in English)
  ['area', 14, (d, _t, _now, language) => d.area || countryNameIn(d.country, language)],
  ['createTime', 20, (d) => formatTime(d.createTime)],
] as const satisfies readonly (readonly [string, number, (d: Device, t: TFunction, now: number, language: string) => ExportValue])[];

export type ExportColumn = (typeof COLUMNS)[number][0];


/** The sheet's header and rows, as texts and numbers the list shows. */
export function exportTable(devices: readonly Device[], t: TFunction, now = Date.now(), language = 'en'): ExportTable {
  return {
    headers: COLUMNS.map(([key]) => t(`device.export.columns.${key}`)),
    widths: COLUMNS.map(([, width]) => width),
    rows: devices.map((device) => COLUMNS.map(([, , value]) => value(device, t, now, language))),
  };
}

