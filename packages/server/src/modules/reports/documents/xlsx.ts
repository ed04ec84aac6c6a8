/**
 * Spreadsheets (the XLS format: Office Open XML, .xlsx) with exceljs's streaming writer: each row is
 * committed as it is added and goes to the file, so a sheet of 100,000 rows is never held whole.
 * Every sheet has its header frozen and an autofilter; cells keep their type (numbers as numbers,
 * dates as dates). Text is only ever a text cell: a value such as "=HYPERLINK(…)" is written as the
 * characters it is, never as a formula, whatever it begins with.
 */
import { open, rm } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { SheetCell, SheetColumn, SheetSpec } from './model';

const NUMBER_FORMATS: Record<SheetColumn['type'], string | undefined> = {
  text: '@',
  number: '#,##0.00',
  integer: '0',
  date: 'yyyy-mm-dd hh:mm',
  boolean: undefined,
};

/** Excel caps a cell's text at 32,767 characters; longer would make a file it refuses to open. */
const MAX_CELL_TEXT = 32_767;
/** Sheet names: at most 31 characters, none of []:*?/\. */
function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';
}

/** The cell as its column types it; a value of another type is written as its text. */
export function cellValue(column: SheetColumn, value: SheetCell): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'number':
    case 'integer':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      break;
    case 'date':
      if (value instanceof Date && !Number.isNaN(value.getTime())) return value;
      break;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      break;
    case 'text':
      break;
  }
  const text = value instanceof Date ? value.toISOString() : String(value);
  // A string is a string cell to exceljs, never a formula; only its length needs guarding.
  return text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text;
}

function widthOf(column: SheetColumn): number {
  if (column.width) return column.width;
  const byType = column.type === 'date' ? 17 : column.type === 'text' ? 18 : 12;
  return Math.min(60, Math.max(byType, column.header.length + 4));
}

/**
 * Writes the sheets to `path`, each from its rows as they come. `signal` aborted stops the writing
 * and removes the partial file. Resolves with the rows written per sheet once the file is on disk.
 */
export async function writeXlsx(
  sheets: SheetSpec[],
  path: string,
  signal?: AbortSignal,
  onRows?: (rowsWritten: number) => void,
): Promise<number[]> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  const counts: number[] = [];
  let committing = false;
  try {
    let written = 0;
    for (const spec of sheets) {
      const sheet = workbook.addWorksheet(sheetName(spec.name), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = spec.columns.map((c, i) => ({
        header: c.header,
        key: `c${i}`,
        width: widthOf(c),
        style: NUMBER_FORMATS[c.type] ? { numFmt: NUMBER_FORMATS[c.type] } : {},
      }));
      const header = sheet.getRow(1);
      header.font = { bold: true };
      header.commit();
      if (spec.columns.length > 0) {
        sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: spec.columns.length } };
      }
      let rows = 0;
      for await (const batch of spec.rows) {
        signal?.throwIfAborted();
        for (const values of batch) {
          sheet.addRow(spec.columns.map((c, i) => cellValue(c, values[i] ?? null))).commit();
        }
        rows += batch.length;
        written += batch.length;
        onRows?.(written);
      }
      // The autofilter spans the data too, so a filter in Excel or LibreOffice covers every row.
      if (spec.columns.length > 0) {
        sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows + 1, column: spec.columns.length } };
      }
      sheet.commit();
      counts.push(rows);
    }
    committing = true;
    await workbook.commit();
    await flushToDisk(path);
    return counts;
  } catch (error) {
    // The writer may still hold its file open (an error before its commit): closing it first lets
    // the file be removed cleanly. A second commit after a failed one would throw, hence the guard.
    if (!committing) await workbook.commit().catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
}

/** The file's bytes reach the disk before anyone stores it (a crash right after must not keep half a file). */
async function flushToDisk(path: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    await file.sync();
  } finally {
    await file.close();
  }
}
