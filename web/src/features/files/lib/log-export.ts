/**
 * The operation log export (export.xlsx, as the device list's): one sheet, a bold frozen header, times as
 * real spreadsheet dates. exceljs loads only when someone exports.
 */
import type { TFunction } from 'i18next';
import type { LogRow } from '../api/oplog';

export const LOG_EXPORT_FILE = 'export.xlsx';

type Header = 'files.common.time' | 'files.log.account' | 'files.log.call' | 'files.log.target' | 'files.log.ip' | 'files.log.platform';

const COLUMNS: readonly (readonly [Header, number, (r: LogRow) => string | Date])[] = [
  ['files.common.time', 22, (r) => new Date(r.time)],
  ['files.log.account', 18, (r) => (r.shadow ? `${r.account} (shadow)` : r.account)],
  ['files.log.call', 36, (r) => r.call],
  ['files.log.target', 48, (r) => r.target],
  ['files.log.ip', 18, (r) => r.ip],
  ['files.log.platform', 10, (r) => r.platform],
];

export async function logWorkbook(rows: readonly LogRow[], t: TFunction): Promise<Blob> {
  const module = await import('exceljs');
  const Excel = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(t('files.log.title').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(([key, width]) => ({ header: t(key), width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(COLUMNS.map(([, , value]) => value(row)));
  sheet.getColumn(1).numFmt = 'yyyy-mm-dd hh:mm:ss';
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
