import { stringify, type Options, type Stringifier } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

/**
 * The one module that writes spreadsheets the portal hands out (issue 18, item 5): every CSV
 * download and report attachment (csv-stringify), every workbook (exceljs) and the rows of the
 * Google Sheets writer pass through `spreadsheetCell`. ESLint refuses imports of csv-stringify
 * and exceljs anywhere else in `apps/server/src` (eslint.config.js), so an export added later
 * cannot skip the escaping.
 */

/** A cell as the exports produce it: text, a number, or nothing (an empty cell). */
export type SpreadsheetCell = string | number | null | undefined;

/** A cell's text starting with one of these is read as a formula by Excel, LibreOffice or Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number written as text (`-12`, `+1555…`, `3.5`) carries no formula. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * Neutralises formula injection (OWASP "CSV Injection"; ASVS 4.0 5.3.x): text starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return gets a leading single quote, so a spreadsheet shows it
 * as text instead of evaluating it. Numbers (negative ones too) and text that is a plain decimal
 * number stay as they are; null and undefined are an empty cell (null).
 */
export function spreadsheetCell(value: SpreadsheetCell): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** Every cell of `rows` through `spreadsheetCell`. */
export const spreadsheetRows = (
  rows: ReadonlyArray<ReadonlyArray<SpreadsheetCell>>,
): Array<Array<string | number | null>> => rows.map((row) => row.map(spreadsheetCell));

/** csv-stringify's options with every string value of a record escaped by `spreadsheetCell` (`cast.string`). */
const escaping = (options: Options): Options => ({
  ...options,
  cast: { ...options.cast, string: (value) => String(spreadsheetCell(value) ?? '') },
});

/**
 * A CSV stream (RFC 4180) with a header row of `headers`: write rows as arrays of cells; each
 * string value is escaped by `spreadsheetCell`, numbers are written as numbers.
 */
export function csvStream(headers: string[]): Stringifier {
  return stringify(escaping({ header: true, columns: headers.map((header) => String(spreadsheetCell(header) ?? '')) }));
}

/** A whole CSV file (RFC 4180, rows as given, the header row first if it is the first row), escaped. */
export function csvBuffer(rows: ReadonlyArray<ReadonlyArray<SpreadsheetCell>>): Buffer {
  return Buffer.from(stringifySync(spreadsheetRows(rows), escaping({})));
}

/** A sheet of a workbook: its name (cleaned and cut to Excel's 31 characters), header and rows. */
export interface WorkbookSheet {
  name: string;
  headers: string[];
  rows: ReadonlyArray<ReadonlyArray<SpreadsheetCell>>;
}

/**
 * An .xlsx workbook with one sheet per entry (bold header, frozen first row, column widths from the
 * headers); text cells escaped by `spreadsheetCell`, numbers stored as numbers.
 */
export async function xlsxBuffer(sheets: WorkbookSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Campaign portal';
  for (const { name, headers, rows } of sheets) {
    const sheet = workbook.addWorksheet(name.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Report', {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.addRow(headers.map(spreadsheetCell)).font = { bold: true };
    for (const row of spreadsheetRows(rows)) sheet.addRow(row);
    sheet.columns.forEach((column, index) => {
      column.width = Math.min(50, Math.max(10, (headers[index] ?? '').length + 2));
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
