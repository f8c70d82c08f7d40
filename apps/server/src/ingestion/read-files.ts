import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { ingestionEntities, type IngestionEntity, type IngestionError } from '@portal/contracts';
import { rowValidator } from './validate-row';

/** One parsed, validated ingestion file. `rows[i].line` is the 1-based line in the source file. */
export interface ParsedFile {
  file: string;
  entity: IngestionEntity;
  rows: Array<{ line: number; value: Record<string, unknown> }>;
}

const MAX_ERRORS_PER_FILE = 1000;

/** Maps `campaigns.csv` / `campaigns.json` to its entity, or null for an unknown name. */
export function entityOfFile(fileName: string): { entity: IngestionEntity; format: 'csv' | 'json' } | null {
  const match = /^([a-z_]+)\.(csv|json)$/.exec(path.basename(fileName));
  if (!match) return null;
  const [, entity, format] = match as unknown as [string, string, 'csv' | 'json'];
  return entity in ingestionEntities ? { entity: entity as IngestionEntity, format } : null;
}

export type RawRecord = { line: number; value: Record<string, unknown> };

/** Records as csv-parse gives them, plus the column names every record has (csv-parse's header). */
export type CsvRecords = { records: RawRecord[]; columns: string[] };

/**
 * The common case of a large export, parsed without csv-parse: no quote character and no carriage
 * return anywhere, so every non-empty line is one record and every comma a delimiter. It gives
 * exactly what `parseCsv` gives (same values, same `info.lines`,
 * empty lines skipped, a leading BOM dropped; `test/unit/read-files.test.ts` compares them), and
 * null — let csv-parse read the file, and report its error — for anything else: a quote or CR, a
 * record whose field count differs from the header's, a repeated or `__proto__` column name.
 */
export function readSimpleCsv(content: string): CsvRecords | null {
  if (content.includes('"') || content.includes('\r')) return null;
  const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  const lines = text.split('\n');
  let columns: string[] | null = null;
  const records: RawRecord[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const fields = line.split(',');
    if (!columns) {
      columns = fields.map((name) => name.trim());
      if (new Set(columns).size !== columns.length || columns.includes('__proto__')) return null;
      continue;
    }
    if (fields.length !== columns.length) return null;
    const value: Record<string, unknown> = {};
    for (let j = 0; j < fields.length; j++) value[columns[j]!] = fields[j];
    records.push({ line: i + 1, value });
  }
  return { records, columns: columns ?? [] };
}

/**
 * Any CSV, read by csv-parse: records with their 1-based line (`info.lines`: the line a record ends
 * on) and the header's trimmed names. Throws csv-parse's error (with `lines`) on a malformed file.
 */
export function parseCsv(content: string): CsvRecords {
  let columns: string[] = [];
  const records = parse(content, {
    columns: (header: string[]) => (columns = header.map((name) => name.trim())),
    skip_empty_lines: true,
    bom: true,
    info: true,
    relax_column_count: false,
  }) as Array<{ record: Record<string, string>; info: { lines: number } }>;
  return { records: records.map(({ record, info }) => ({ line: info.lines, value: record })), columns };
}

function readCsv(file: string, content: string, errors: IngestionError[]): CsvRecords | null {
  try {
    return readSimpleCsv(content) ?? parseCsv(content);
  } catch (error) {
    const err = error as { message?: string; lines?: number };
    errors.push({
      file,
      line: err.lines ?? null,
      column: null,
      message: `Malformed CSV: ${err.message ?? 'unreadable'}`,
    });
    return null;
  }
}

function readJson(file: string, content: string, errors: IngestionError[]): RawRecord[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    errors.push({ file, line: null, column: null, message: `Malformed JSON: ${(error as Error).message}` });
    return null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.some((item) => typeof item !== 'object' || item === null || Array.isArray(item))
  ) {
    errors.push({ file, line: null, column: null, message: 'A JSON file must hold an array of objects, one per row' });
    return null;
  }
  // JSON rows are numbered by their position in the array (1-based).
  return (parsed as Record<string, unknown>[]).map((value, index) => ({ line: index + 1, value }));
}

/** The 1-based line of a character offset. */
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/**
 * Files must be UTF-8 (an optional BOM at the start only). A UTF-16 file, a byte that is not
 * UTF-8 (Latin-1, Windows-1252: mixed encodings), a NUL or a BOM inside the text refuse the whole
 * file, naming the line of the first offending character.
 */
function checkEncoding(content: Buffer | string): { line: number | null; message: string } | null {
  if (Buffer.isBuffer(content) && content.length >= 2) {
    const bom = content.readUInt16BE(0);
    if (bom === 0xfffe || bom === 0xfeff)
      return { line: null, message: 'The file is UTF-16: save it as UTF-8 (CSV UTF-8) and send it again' };
  }
  const text = typeof content === 'string' ? content : content.toString('utf8');
  const invalid = text.indexOf('\uFFFD');
  if (invalid >= 0)
    return {
      line: lineAt(text, invalid),
      message: 'The file is not valid UTF-8 here (a character in another encoding, such as Latin-1)',
    };
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return { line: lineAt(text, nul), message: 'The file holds a NUL character: is it UTF-16 or binary?' };
  const innerBom = text.indexOf('\uFEFF', 1);
  if (innerBom >= 0)
    return { line: lineAt(text, innerBom), message: 'A byte order mark inside the file: were two files joined?' };
  return null;
}

/**
 * Parses and validates one file's content against its entity's contract. Every problem is added
 * to `errors` (file, line, column, message); a file with any error yields null.
 */
export function parseIngestionFile(
  file: string,
  content: Buffer | string,
  errors: IngestionError[],
): ParsedFile | null {
  const kind = entityOfFile(file);
  if (!kind) {
    errors.push({
      file,
      line: null,
      column: null,
      message: `Unknown file: expected one of ${Object.keys(ingestionEntities)
        .map((e) => `${e}.csv`)
        .join(', ')} (or .json)`,
    });
    return null;
  }
  const encodingError = checkEncoding(content);
  if (encodingError) {
    errors.push({ file, line: encodingError.line, column: null, message: encodingError.message });
    return null;
  }
  const text = typeof content === 'string' ? content : content.toString('utf8');
  const csv = kind.format === 'csv' ? readCsv(file, text, errors) : null;
  const raw = csv ? csv.records : kind.format === 'json' ? readJson(file, text, errors) : null;
  if (!raw) return null;

  const definition = ingestionEntities[kind.entity];
  const allowed = new Set(Object.keys(definition.row.shape));
  const fileErrors: IngestionError[] = [];
  const rows: ParsedFile['rows'] = [];
  const seenKeys = new Map<string, number>();
  const validate = rowValidator(definition.row);
  const key = definition.key;
  // Every CSV record has the header's columns (in its order, a repeated name once): check them once.
  const unknownCsvColumns = csv ? [...new Set(csv.columns)].filter((column) => !allowed.has(column)) : null;

  for (const record of raw) {
    if (fileErrors.length >= MAX_ERRORS_PER_FILE) break;
    for (const column of unknownCsvColumns ?? Object.keys(record.value)) {
      if (!allowed.has(column))
        fileErrors.push({ file, line: record.line, column, message: `Unknown column '${column}'` });
    }
    const result = validate(record.value);
    if (!result.success) {
      for (const issue of result.issues) {
        fileErrors.push({
          file,
          line: record.line,
          column: issue.path.map(String).join('.') || null,
          message: issue.message,
        });
      }
      continue;
    }
    const value = result.data;
    // The key's values joined by NUL (built without an intermediate array).
    let keyText = String(value[key[0]!]);
    for (let k = 1; k < key.length; k++) keyText += `\u0000${String(value[key[k]!])}`;
    const previous = seenKeys.get(keyText);
    if (previous !== undefined) {
      fileErrors.push({
        file,
        line: record.line,
        column: definition.key.join(','),
        message: `Duplicate of line ${previous} (same ${definition.key.join(', ')})`,
      });
      continue;
    }
    seenKeys.set(keyText, record.line);
    rows.push({ line: record.line, value });
  }
  if (fileErrors.length >= MAX_ERRORS_PER_FILE) {
    fileErrors.push({ file, line: null, column: null, message: `Stopped after ${MAX_ERRORS_PER_FILE} errors` });
  }
  errors.push(...fileErrors);
  return fileErrors.length === 0 ? { file, entity: kind.entity, rows } : null;
}

/** Reads every `*.csv` / `*.json` file of a folder (other files are refused with an error). */
export async function readIngestionFolder(dir: string, errors: IngestionError[]): Promise<ParsedFile[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const parsed: ParsedFile[] = [];
  for (const entry of entries.filter((e) => e.isFile()).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.name.toLowerCase() === 'readme.md') continue;
    const content = await fs.readFile(path.join(dir, entry.name));
    const file = parseIngestionFile(entry.name, content, errors);
    if (file) parsed.push(file);
  }
  return parsed;
}
