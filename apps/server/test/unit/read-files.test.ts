import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, readSimpleCsv } from '../../src/ingestion/read-files';

/** What csv-parse gives with the options of the ingestion path: records with their lines, or null for its error. */
function csvParse(text: string) {
  try {
    return parseCsv(text);
  } catch {
    return null;
  }
}

const cell = fc.oneof(
  { weight: 20, arbitrary: fc.constantFrom('', ' ', 'a', 'b', 'id', '1', '0.5', '2026-11-02', ' x ') },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', '"', 'a"b', '\r') },
);

/** CSV texts: a header and rows (a few ragged), empty lines, an optional BOM and final newline. */
const tableText = fc
  .integer({ min: 1, max: 4 })
  .chain((width) =>
    fc.record({
      bom: fc.boolean(),
      header: fc.uniqueArray(cell, { minLength: width, maxLength: width }),
      rows: fc.array(
        fc.tuple(
          fc.oneof(
            { weight: 20, arbitrary: fc.array(cell, { minLength: width, maxLength: width }) },
            { weight: 1, arbitrary: fc.array(cell, { minLength: 1, maxLength: 5 }) },
          ),
          fc.constantFrom('\n', '\n', '\n', '\n\n', '\r\n'),
        ),
        { maxLength: 6 },
      ),
      end: fc.constantFrom('', '\n', '\n\n'),
    }),
  )
  .map(
    ({ bom, header, rows, end }) =>
      (bom ? '\uFEFF' : '') +
      header.join(',') +
      rows.map(([fields, newline]) => newline + fields.join(',')).join('') +
      end,
  );

/** Small CSV texts: the usual characters of an export plus the ones the simple reader refuses. */
const tokenText = fc
  .tuple(
    fc.boolean(),
    fc.array(
      fc.constantFrom('a', 'b', 'id', '1', '2', '0.5', ' ', ',', ',', '\n', '\n', '\n\n', '\r\n', '"', '__proto__'),
      {
        maxLength: 40,
      },
    ),
  )
  .map(([bom, parts]) => (bom ? '\uFEFF' : '') + parts.join(''));

const csvText = fc.oneof(tableText, tokenText);

describe('readSimpleCsv', () => {
  it('gives what csv-parse gives, or leaves the file to csv-parse', () => {
    fc.assert(
      fc.property(csvText, (text) => {
        const simple = readSimpleCsv(text);
        if (simple === null) return;
        const parsed = csvParse(text);
        expect(parsed).not.toBeNull();
        expect(simple.records).toEqual(parsed!.records);
        expect(simple.records.map((r) => Object.keys(r.value))).toEqual(
          parsed!.records.map((r) => Object.keys(r.value)),
        );
        // The header's names (csv-parse has none for a file without a header line).
        if (parsed!.columns.length > 0 || simple.columns.length > 0) expect(simple.columns).toEqual(parsed!.columns);
      }),
      { numRuns: 10_000 },
    );
  });

  it('reads a plain export: line numbers count skipped empty lines, a BOM is dropped', () => {
    const text = '\uFEFF id , name\n\n1,a\n2,b\n\n3,c\n';
    expect(readSimpleCsv(text)).toEqual({
      columns: ['id', 'name'],
      records: [
        { line: 3, value: { id: '1', name: 'a' } },
        { line: 4, value: { id: '2', name: 'b' } },
        { line: 6, value: { id: '3', name: 'c' } },
      ],
    });
    expect(csvParse(text)!.records).toEqual(readSimpleCsv(text)!.records);
  });

  it('leaves quotes, carriage returns, ragged rows and repeated or __proto__ columns to csv-parse', () => {
    expect(readSimpleCsv('id,name\n1,"a\nb"\n')).toBeNull();
    expect(readSimpleCsv('id,name\r\n1,a\r\n')).toBeNull();
    expect(readSimpleCsv('id,name\n1\n')).toBeNull();
    expect(readSimpleCsv('id,id\n1,2\n')).toBeNull();
    expect(readSimpleCsv('__proto__\n1\n')).toBeNull();
  });
});
