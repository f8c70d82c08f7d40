import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarRange,
  dateRangeQuerySchema,
  idParamSchema,
  isCalendarDate,
  parseId,
  parseSortingJson,
  sortingItemSchema,
} from '../src/index';

// The web app checks its URL with these plain functions instead of zod (docs/performance.md): they
// must accept exactly what the zod schemas of the same values accept.
describe('URL checks without zod', () => {
  it('isCalendarDate agrees with isoDateSchema on real, impossible and malformed days', () => {
    for (const value of ['2024-02-29', '2025-12-31', '0100-01-01']) expect(isCalendarDate(value), value).toBe(true);
    // Years before 100 are refused, as the server always did (Date.UTC reads them as 19xx).
    for (const value of [
      '0099-12-31',
      '2025-02-29',
      '2025-13-01',
      '2025-04-31',
      '2025-1-01',
      '2025-01-01T00:00',
      '',
      'x',
    ])
      expect(isCalendarDate(value), value).toBe(false);
    // Oracle: the ISO date-time parser of the JavaScript engine.
    const oracle = (value: string) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
      if (value < '0100') return false;
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
    };
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    const day = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
    fc.assert(
      fc.property(fc.oneof(day, fc.string()), (value) => {
        expect(isCalendarDate(value)).toBe(oracle(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('calendarRange is dateRangeQuerySchema: both days real, start not after end', () => {
    const values = fc.constantFrom('2025-01-01', '2025-01-31', '2025-02-30', '2024-12-31', 'bad', '', null, undefined);
    fc.assert(
      fc.property(values, values, (startDate, endDate) => {
        const parsed = dateRangeQuerySchema.safeParse({
          startDate: startDate ?? undefined,
          endDate: endDate ?? undefined,
        });
        expect(calendarRange(startDate, endDate)).toEqual(parsed.success ? parsed.data : null);
      }),
    );
  });

  it('parseId takes digits from 1 to 2,147,483,647 and nothing else', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(2_147_483_647);
    for (const value of ['0', '2147483648', '-1', '1.5', '1e3', ' 1', '0x10', 'abc', '', null, undefined])
      expect(parseId(value), String(value)).toBeNull();
    // Whatever it accepts, the server's path schema accepts as the same id.
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -5, max: 2_147_483_700 }).map(String), fc.string()), (value) => {
        const id = parseId(value);
        if (id !== null) expect(idParamSchema.parse(value)).toBe(id);
      }),
    );
  });

  it('parseSortingJson keeps valid items on known columns, at most max, and drops anything unreadable', () => {
    const columns = new Set(['impressions', 'clicks']);
    expect(parseSortingJson('[{"id":"impressions","desc":true}]', columns, 1)).toEqual([
      { id: 'impressions', desc: true },
    ]);
    expect(parseSortingJson('[{"id":"budget","desc":true}]', columns, 1)).toEqual([]);
    expect(parseSortingJson('[{"id":"impressions","desc":true,"x":1}]', columns, 1)).toEqual([
      { id: 'impressions', desc: true },
    ]);
    for (const value of [
      '[{"id":"impressions","desc":true},{"id":"clicks","desc":false}]',
      '[{"id":"impressions","desc":"yes"}]',
      '[{"id":"","desc":true}]',
      '{"id":"impressions","desc":true}',
      '[null]',
      '[',
      '',
      null,
    ])
      expect(parseSortingJson(value, columns, 1), String(value)).toEqual([]);
    // An item it keeps is one sortingItemSchema accepts.
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.constantFrom('impressions', 'clicks', 'x'.repeat(65)), desc: fc.boolean() }), {
          maxLength: 3,
        }),
        (items) => {
          for (const item of parseSortingJson(JSON.stringify(items), columns, 3))
            expect(sortingItemSchema.parse(item)).toEqual(item);
        },
      ),
    );
  });
});
