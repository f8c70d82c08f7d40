import { parse } from 'csv-parse/sync';
import {
  ingestionEntities,
  requiredSalesFields,
  salesFieldLabels,
  salesFields,
  suggestSalesMapping,
  type SalesField,
  type SalesMapping,
  type SalesUploadError,
} from '@portal/contracts';
import { rowValidator } from '../ingestion/validate-row';

/**
 * Reading a dealer-management-system sales export (issue 22 §1, docs/ingestion.md "Sales upload"):
 * the CSV's header row, a mapping of the portal's sale fields to its columns, the usual DMS
 * spellings turned into the ingestion format (dates `M/D/YYYY` → `YYYY-MM-DD`, deal types
 * N/U/C/CPO → new/used/certified, `$1,234.50` and `(250.00)` → dollars, ZIP+4 → 5 digits), then the
 * `vehicle_sales` row schema of ingestion for every row, the path's dealership as its dealership.
 */

const MAX_ERRORS = 1000;
const PREVIEW_ROWS = 20;

export interface SalesRow {
  line: number;
  value: Record<string, unknown>;
}

export interface ReadSales {
  headers: string[];
  suggested: SalesMapping;
  mapping: SalesMapping;
  /** Every data row of the file, valid or not. */
  total: number;
  /** Valid rows in the ingestion entity's shape (empty when there are errors). */
  rows: SalesRow[];
  preview: Array<{ line: number; values: Record<SalesField, string | number | null> }>;
  errors: SalesUploadError[];
}

const pad = (n: string) => n.padStart(2, '0');

/** A DMS date as `YYYY-MM-DD` (`2026-03-07`, `3/7/2026`, `03/07/26`, `3-7-2026`, a trailing time dropped); else unchanged. */
export function normalizeSaleDate(raw: string): string {
  const text = raw.trim().split(/[ T]/)[0] ?? '';
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (m) return `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}`;
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})$/.exec(text);
  if (m) {
    const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
    return `${year}-${pad(m[1]!)}-${pad(m[2]!)}`;
  }
  return raw.trim();
}

/** A DMS deal type as new, used or certified (N/U/C, NEW/USED/CPO, Pre-Owned, Certified Used…); else unchanged. */
export function normalizeDealType(raw: string): string {
  const text = raw
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  if (['n', 'new'].includes(text)) return 'new';
  if (['u', 'used', 'preowned', 'p'].includes(text)) return 'used';
  if (['c', 'cpo', 'certified', 'certifiedused', 'certifiedpreowned'].includes(text)) return 'certified';
  return raw.trim();
}

/** Dollars from `$1,234.50`, `1234.5`, `-250` or `(250.00)` (a loss); empty stays empty; else unchanged. */
export function normalizeMoney(raw: string): string {
  const text = raw.trim();
  if (text === '') return '';
  const negative = /^\(.*\)$/.test(text) || /^-/.test(text);
  const digits = text.replace(/[()$,\s-]/g, '');
  if (!/^\d+(\.\d+)?$/.test(digits)) return text;
  return negative ? `-${digits}` : digits;
}

/** A ZIP as 5 digits (`78205-1234` → `78205`; `7820`, a number that lost its leading zero, → `07820`); else unchanged. */
export function normalizeZip(raw: string): string {
  const text = raw.trim();
  const m = /^(\d{5})(-?\d{4})?$/.exec(text);
  if (m) return m[1]!;
  if (/^\d{3,4}$/.test(text)) return text.padStart(5, '0');
  return text;
}

const normalizers: Record<SalesField, (raw: string) => string> = {
  vin: (raw) => raw.trim().toUpperCase(),
  sold_date: normalizeSaleDate,
  deal_type: normalizeDealType,
  sale_price: normalizeMoney,
  front_gross: normalizeMoney,
  back_gross: normalizeMoney,
  customer_zip: normalizeZip,
};

const validate = rowValidator(ingestionEntities.vehicle_sales.row);

/**
 * Reads a sales CSV for `dealershipId` with `mapping` (default: the suggested one): the headers,
 * the suggestion, every error by line (header = 1) and file column, the first 20 rows mapped and,
 * when nothing is wrong, every row ready for the `vehicle_sales` upsert.
 */
export function readSalesCsv(text: string, dealershipId: number, mapping?: SalesMapping): ReadSales {
  const errors: SalesUploadError[] = [];
  const empty = (message: string): ReadSales => ({
    headers: [],
    suggested: {},
    mapping: mapping ?? {},
    total: 0,
    rows: [],
    preview: [],
    errors: [{ line: null, column: null, field: null, message }],
  });
  const invalid = text.indexOf('\uFFFD');
  if (invalid >= 0) return empty('The file is not UTF-8: save it as CSV UTF-8 and choose it again');
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    const parsed: unknown = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, info: true });
    records = parsed as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    const err = error as { message?: string; lines?: number };
    return {
      ...empty(`Malformed CSV: ${err.message ?? 'unreadable'}`),
      errors: [
        {
          line: err.lines ?? null,
          column: null,
          field: null,
          message: `Malformed CSV: ${err.message ?? 'unreadable'}`,
        },
      ],
    };
  }
  const [header, ...body] = records;
  if (!header) return empty('The file is empty');
  const headers = header.record.map((h) => h.trim());
  const suggested = suggestSalesMapping(headers);
  const used: SalesMapping = mapping ?? suggested;
  const columnOf = new Map<SalesField, number>();
  for (const field of salesFields) {
    const name = used[field];
    if (name === null || name === undefined || name === '') {
      if (requiredSalesFields.includes(field))
        errors.push({ line: null, column: null, field, message: `Choose the column of ${salesFieldLabels[field]}` });
      continue;
    }
    const index = headers.indexOf(name);
    if (index < 0) errors.push({ line: null, column: name, field, message: `The file has no column '${name}'` });
    else columnOf.set(field, index);
  }
  if (body.length === 0) errors.push({ line: null, column: null, field: null, message: 'The file has no sales' });

  const rows: SalesRow[] = [];
  const preview: ReadSales['preview'] = [];
  const seen = new Map<string, number>();
  const mappingOk = errors.length === 0;
  for (const { record, info } of body) {
    if (errors.length >= MAX_ERRORS) break;
    const line = info.lines;
    const raw: Record<string, unknown> = { dealership_id: dealershipId };
    const shown = {} as Record<SalesField, string | number | null>;
    for (const field of salesFields) {
      const index = columnOf.get(field);
      const value = index === undefined ? '' : normalizers[field](record[index] ?? '');
      raw[field] = value;
      shown[field] = value === '' ? null : value;
    }
    if (!mappingOk) {
      if (preview.length < PREVIEW_ROWS) preview.push({ line, values: shown });
      continue;
    }
    const result = validate(raw);
    if (!result.success) {
      for (const issue of result.issues) {
        const field = String(issue.path[0]) as SalesField;
        const index = columnOf.get(field);
        errors.push({
          line,
          column: index === undefined ? null : (headers[index] ?? null),
          field: salesFields.includes(field) ? field : null,
          message: issue.message,
        });
      }
      if (preview.length < PREVIEW_ROWS) preview.push({ line, values: shown });
      continue;
    }
    const value = result.data;
    const key = `${String(value.vin).toUpperCase()} ${String(value.sold_date)}`;
    const previous = seen.get(key);
    if (previous !== undefined) {
      errors.push({
        line,
        column: headers[columnOf.get('vin')!] ?? null,
        field: 'vin',
        message: `Duplicate of line ${previous} (same VIN and sold date)`,
      });
      continue;
    }
    seen.set(key, line);
    rows.push({ line, value });
    if (preview.length < PREVIEW_ROWS)
      preview.push({
        line,
        values: Object.fromEntries(salesFields.map((f) => [f, (value[f] as string | number | null) ?? null])) as Record<
          SalesField,
          string | number | null
        >,
      });
  }
  if (errors.length >= MAX_ERRORS)
    errors.push({ line: null, column: null, field: null, message: `Stopped after ${MAX_ERRORS} errors` });
  return {
    headers,
    suggested,
    mapping: Object.fromEntries(salesFields.map((f) => [f, used[f] ?? null])),
    total: body.length,
    rows: errors.length === 0 ? rows : [],
    preview,
    errors,
  };
}
