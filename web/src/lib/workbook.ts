/**
 * export.xlsx from any table of texts and numbers: one sheet, a bold frozen header, typed cells (an
 * hh:mm:ss text becomes a duration, a percentage text a percentage: export-cells.ts). exceljs is
 * loaded only when someone exports: it is a large chunk of its own. The device list and the task
 * reports export through it.
 */
import { toExportCell, type ExportValue } from './export-cells';

export const EXPORT_FILE_NAME = 'export.xlsx';

export interface ExportTable {
  headers: string[];
  widths: number[];
  rows: ExportValue[][];
}

/** The workbook as a file: one sheet, a bold frozen header, typed cells. */
export async function exportWorkbook(table: ExportTable, sheetName: string): Promise<Blob> {
  const module = await import('exceljs');
  const Excel = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new Excel.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  // Soft hyphens (German column titles, U+00AD) would show as hyphens in some spreadsheet programs.
  sheet.columns = table.headers.map((header, i) => ({ header: header.replaceAll('\u00AD', ''), width: table.widths[i] }));
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

export { downloadBlob } from './download';
