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

/**
 * How a workbook column's numbers read (issue 25 item 14): `integer` and `decimal` with thousands
 * separators, `currency` in US dollars, `percent` for values given in percent units (2.5 = 2.5 %,
 * stored as 0.025 with Excel's percent format, so the cell is a real percentage), `text` as given.
 */
export type ColumnFormat = 'text' | 'integer' | 'decimal' | 'currency' | 'percent';

/** Excel number formats of the column formats (`numFmt` of each value cell). */
export const columnNumberFormats: Record<Exclude<ColumnFormat, 'text'>, string> = {
  integer: '#,##0',
  decimal: '#,##0.00',
  currency: '"$"#,##0.00',
  percent: '0.00%',
};

/** A sheet of a workbook: its name (cleaned and cut to Excel's 31 characters), header and rows. */
export interface WorkbookSheet {
  name: string;
  headers: string[];
  rows: ReadonlyArray<ReadonlyArray<SpreadsheetCell>>;
  /** Lines above the header (the first bold and larger), e.g. the campaign and the period. */
  title?: string[];
  /** Per column, how its numbers read (text when absent). */
  formats?: ReadonlyArray<ColumnFormat>;
  /**
   * Per column, an Excel number format replacing the one of its `formats` entry (which still decides
   * whether values are percents), e.g. signed and coloured changes `[Color10]+#,##0;[Red]-#,##0;0`.
   */
  numberFormats?: ReadonlyArray<string | undefined>;
  /**
   * The agency's brand (issue 20 §4): its name becomes the first row, white on its primary colour,
   * and the header row takes the colour too; absent: the product's plain header.
   */
  brand?: SheetBrand;
}

/** An agency's brand as workbooks show it: display name and primary colour (`#rrggbb`; null: the product's). */
export interface SheetBrand {
  name: string;
  color: string | null;
}

/** The product's header colour when an agency has none (the web theme's primary). */
const DEFAULT_BRAND_COLOR = '#1c7ed6';
const argb = (hex: string) => `FF${hex.slice(1).toUpperCase()}`;

/** Excel's limit on a sheet name. */
const SHEET_NAME_LIMIT = 31;

/**
 * Sheet names Excel accepts, unique and readable (issue 25 item 14): characters Excel forbids
 * (`* ? : \ / [ ]`) become spaces, runs of spaces one; a name longer than 31 characters is cut at a
 * word boundary where one is near and ends with '…'; a name already taken (case-insensitively, as
 * Excel compares them) gets ' (2)', ' (3)' … within the 31 characters; an empty name is 'Report'.
 */
export function uniqueSheetNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  const cut = (text: string, limit: number) => {
    if (text.length <= limit) return text;
    const head = text.slice(0, limit - 1);
    const space = head.lastIndexOf(' ');
    return `${(space >= limit - 12 ? head.slice(0, space) : head).trimEnd()}…`;
  };
  return names.map((raw) => {
    const clean =
      raw
        .replace(/[*?:\\/[\]]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^'+|'+$/g, '') || 'Report';
    let name = cut(clean, SHEET_NAME_LIMIT);
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) {
      const suffix = ` (${n})`;
      name = `${cut(clean, SHEET_NAME_LIMIT - suffix.length)}${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}

/** The text a cell shows, as long as Excel draws it (for the column width). */
function shownLength(value: string | number | null, format: ColumnFormat): number {
  if (value === null) return 0;
  if (typeof value === 'string') return Math.max(...value.split('\n').map((line) => line.length));
  switch (format) {
    case 'currency':
      return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`.length;
    case 'percent':
      return `${value.toFixed(2)}%`.length;
    case 'decimal':
      return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).length;
    case 'integer':
      return value.toLocaleString('en-US', { maximumFractionDigits: 0 }).length;
    case 'text':
      return String(value).length;
  }
}

/**
 * An .xlsx workbook with one sheet per entry, read like a report (issue 25 item 14): the title
 * lines first (the first bold and larger), then the bold header (frozen with everything above it)
 * and the rows; numbers stored as numbers with the number format of their column
 * (`columnNumberFormats`; percent-unit values divided by 100), text cells escaped by
 * `spreadsheetCell`; each column as wide as its longest shown value (10 to 60 characters); sheet
 * names from `uniqueSheetNames`.
 */
export async function xlsxBuffer(sheets: WorkbookSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Campaign portal';
  const names = uniqueSheetNames(sheets.map((sheet) => sheet.name));
  sheets.forEach(({ headers, rows, title: titleLines = [], formats = [], numberFormats = [], brand }, sheetIndex) => {
    const title = brand ? [brand.name, ...titleLines] : titleLines;
    const headerRow = title.length > 0 ? title.length + 2 : 1;
    const sheet = workbook.addWorksheet(names[sheetIndex], {
      views: [{ state: 'frozen', ySplit: headerRow }],
    });
    title.forEach((line, index) => {
      const row = sheet.getRow(index + 1);
      row.getCell(1).value = spreadsheetCell(line);
      row.font = index === 0 ? { bold: true, size: 14 } : { italic: true };
    });
    const brandFill = brand
      ? ({ type: 'pattern', pattern: 'solid', fgColor: { argb: argb(brand.color ?? DEFAULT_BRAND_COLOR) } } as const)
      : null;
    if (brandFill) {
      const first = sheet.getRow(1);
      for (let column = 1; column <= Math.max(1, headers.length); column += 1) first.getCell(column).fill = brandFill;
      first.font = { bold: true, size: 14, color: { argb: 'FFFFFFFF' } };
    }
    const header = sheet.getRow(headerRow);
    header.values = headers.map(spreadsheetCell);
    header.font = brandFill ? { bold: true, color: { argb: 'FFFFFFFF' } } : { bold: true };
    if (brandFill) headers.forEach((_, column) => (header.getCell(column + 1).fill = brandFill));
    const widths = headers.map((text) => text.length);
    spreadsheetRows(rows).forEach((cells, rowIndex) => {
      const row = sheet.getRow(headerRow + 1 + rowIndex);
      cells.forEach((value, column) => {
        const format = formats[column] ?? 'text';
        const cell = row.getCell(column + 1);
        if (typeof value === 'number' && format !== 'text') {
          cell.value = format === 'percent' ? value / 100 : value;
          cell.numFmt = numberFormats[column] ?? columnNumberFormats[format];
        } else cell.value = value;
        widths[column] = Math.max(widths[column] ?? 0, shownLength(value, format));
      });
    });
    widths.forEach((width, column) => {
      sheet.getColumn(column + 1).width = Math.min(60, Math.max(10, width + 2));
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
