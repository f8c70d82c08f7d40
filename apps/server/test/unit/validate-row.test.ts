import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ingestionEntities } from '@portal/contracts';
import { rowValidator } from '../../src/ingestion/validate-row';

/** Raw cell values as CSV and JSON files carry them: valid, empty, wrong and edge values. */
const rawValue = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    '',
    ' ',
    '0',
    '1',
    '-1',
    '12',
    '1.5',
    '-0.25',
    '0.3',
    '2147483648',
    '99999999999999999999',
    'abc',
    'true',
    'false',
    '1',
    'yes',
    '2026-11-02',
    '2026-02-30',
    '11/02/2026',
    '2026-11-02T10:15:00Z',
    '2026-11-02 10:15:00',
    '1HGCM82633A004352',
    '75201',
    'DSP',
    'Active',
    'Female',
    '25-34',
    '300x250',
    'https://example.com/a.png',
    'x'.repeat(600),
    0,
    1,
    -3,
    2.5,
    true,
    false,
    1e20,
  ),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 5000 }).map(String),
  fc.double({ noNaN: true, min: -10, max: 10 }).map(String),
);

describe('rowValidator', () => {
  for (const [entity, definition] of Object.entries(ingestionEntities)) {
    it(`equals zod's safeParse on random ${entity} rows (values, issues and paths), twice over the same values`, () => {
      const columns = Object.keys((definition.row as unknown as { shape?: object }).shape ?? {});
      const validate = rowValidator(definition.row);
      fc.assert(
        fc.property(
          fc.dictionary(fc.constantFrom(...(columns.length > 0 ? columns : ['x'])), rawValue, {
            maxKeys: columns.length + 1,
          }),
          (row) => {
            const expected = definition.row.safeParse(row);
            // Twice: the second answer comes from the remembered cells.
            for (const actual of [validate(row), validate({ ...row })]) {
              expect(actual.success).toBe(expected.success);
              if (expected.success && actual.success) expect(actual.data).toEqual(expected.data);
              if (!expected.success && !actual.success)
                expect(actual.issues).toEqual(expected.error.issues.map((i) => ({ path: i.path, message: i.message })));
            }
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});
