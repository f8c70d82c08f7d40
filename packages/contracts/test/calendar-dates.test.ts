import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  daysOf,
  defaultReportRange,
  flightDays,
  formatCents,
  formatCurrency,
  formatDateRange,
  formatDateTime,
  formatDay,
  formatDisplayDate,
  formatDollars,
  formatDuration,
  formatInstant,
  formatInteger,
  formatLongDate,
  formatMonth,
  formatOrdinalDate,
  formatPercent,
  formatShortDate,
  isoWeekday,
  lastDays,
  lastMonths,
  localDate,
  monthEnd,
  monthsOf,
  parseDateRange,
  reportPeriodRange,
  shiftMonthStart,
  todayInZone,
} from '../src/index';

// Issue 19 §4: the one calendar, checked against references computed another way (epoch-day
// arithmetic on UTC, the engine's own Intl time-zone data), across the US zones and their DST changes.

const usZones = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

const DAY_MS = 86_400_000;
/** Reference: epoch day number of a YYYY-MM-DD day, by UTC arithmetic. */
const epochDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
/** Reference: the YYYY-MM-DD day of an epoch day number. */
const dayOfEpoch = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** Reference: the calendar day of an instant in a zone, from the engine's Intl data (en-CA is YYYY-MM-DD). */
const intlFormats = new Map<string, Intl.DateTimeFormat>();
const intlLocalDate = (instant: Date, timeZone: string) => {
  let format = intlFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    intlFormats.set(timeZone, format);
  }
  return format.format(instant);
};
/** Reference: a month index (year × 12 + month − 1) and back. */
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const monthOfIndex = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`;

/** Days from 1950 to 2100, and a few around the 2026 DST changes. */
const anyDay = fc.integer({ min: epochDay('1950-01-01'), max: epochDay('2100-12-31') }).map(dayOfEpoch);
const dstDays = ['2026-03-07', '2026-03-08', '2026-03-09', '2026-10-31', '2026-11-01', '2026-11-02'];
const dayNearDst = fc.oneof(anyDay, fc.constantFrom(...dstDays));
const zone = fc.constantFrom(...usZones);

const processZone = process.env.TZ;
afterEach(() => {
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
});

describe('calendar days in any process zone', () => {
  // The calendar-day functions must not depend on the zone the server or the browser runs in.
  for (const tz of ['UTC', ...usZones]) {
    it(`adds days, counts days and lists a range's days as UTC arithmetic does (process zone ${tz})`, () => {
      process.env.TZ = tz;
      fc.assert(
        fc.property(dayNearDst, fc.integer({ min: -800, max: 800 }), (day, n) => {
          const later = addDays(day, n);
          expect(later).toBe(dayOfEpoch(epochDay(day) + n));
          expect(daysBetween(day, later)).toBe(n);
          if (n >= 0) {
            expect(flightDays(day, later)).toBe(n + 1);
            const days = daysOf({ startDate: day, endDate: later });
            expect(days).toHaveLength(n + 1);
            expect(days.at(-1)).toBe(later);
          }
        }),
        { numRuns: 150 },
      );
    });
  }

  it('steps over both 2026 DST changes one day at a time in every US zone', () => {
    for (const tz of usZones) {
      process.env.TZ = tz;
      expect(daysOf({ startDate: '2026-03-06', endDate: '2026-03-10' })).toEqual([
        '2026-03-06',
        '2026-03-07',
        '2026-03-08',
        '2026-03-09',
        '2026-03-10',
      ]);
      expect(addDays('2026-10-31', 1)).toBe('2026-11-01');
      expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
      expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
      expect(daysBetween('2026-10-25', '2026-11-08')).toBe(14);
    }
  });

  it('gives ISO weekdays as the UTC weekday does', () => {
    fc.assert(
      fc.property(anyDay, (day) => {
        const utc = new Date(`${day}T00:00:00Z`).getUTCDay();
        expect(isoWeekday(day)).toBe(utc === 0 ? 7 : utc);
      }),
    );
  });
});

describe('months and "last N months"', () => {
  it('"last N months" are the N whole months before the month of today', () => {
    fc.assert(
      fc.property(dayNearDst, fc.integer({ min: 1, max: 24 }), (today, n) => {
        const range = lastMonths(today, n);
        expect(range.startDate).toBe(monthOfIndex(monthIndex(today) - n));
        expect(range.endDate).toBe(dayOfEpoch(epochDay(monthOfIndex(monthIndex(today))) - 1));
        expect(monthsOf(range)).toHaveLength(n);
      }),
    );
  });

  it('shifts month starts, finds month ends and clamps added months to shorter months', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -40, max: 40 }), (day, n) => {
        const start = shiftMonthStart(day, n);
        expect(start).toBe(monthOfIndex(monthIndex(day) + n));
        const end = monthEnd(start);
        expect(dayOfEpoch(epochDay(end) + 1)).toBe(monthOfIndex(monthIndex(day) + n + 1));
        const added = addMonths(day, n);
        expect(added.slice(0, 8)).toBe(start.slice(0, 8));
        expect(added.slice(8)).toBe(String(Math.min(Number(day.slice(8)), Number(end.slice(8)))).padStart(2, '0'));
      }),
    );
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
  });

  it('report periods are made of those months', () => {
    expect(reportPeriodRange('last_3_months', '2026-03-08')).toEqual(lastMonths('2026-03-08', 3));
    expect(reportPeriodRange('last_month', '2026-01-15')).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
  });

  it('the default report range is the last 30 days ending yesterday, and a bad URL range falls back to it', () => {
    expect(defaultReportRange('2026-03-15')).toEqual({ startDate: '2026-02-13', endDate: '2026-03-14' });
    expect(lastDays('2026-03-01', 7)).toEqual({ startDate: '2026-02-22', endDate: '2026-02-28' });
    const read = (query: string) => parseDateRange(new URLSearchParams(query), '2026-03-15');
    expect(read('startDate=2026-01-01&endDate=2026-01-31')).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' });
    const fallback = defaultReportRange('2026-03-15');
    for (const bad of [
      '',
      'startDate=2026-02-30&endDate=2026-03-01',
      'startDate=2026-03-10&endDate=2026-03-01',
      'startDate=yesterday&endDate=2026-03-01',
    ])
      expect(read(bad), bad).toEqual(fallback);
  });
});

describe('the calendar day of an instant in a dealership zone', () => {
  it("equals the engine's Intl answer for any instant in every US zone", () => {
    const instant = fc
      .integer({ min: Date.parse('1990-01-01T00:00:00Z'), max: Date.parse('2060-12-31T00:00:00Z') })
      .map((ms) => new Date(ms));
    fc.assert(
      fc.property(instant, zone, (at, tz) => {
        expect(localDate(at, tz)).toBe(intlLocalDate(at, tz));
        expect(todayInZone(at, tz)).toBe(intlLocalDate(at, tz));
      }),
      { numRuns: 500 },
    );
  });

  it('holds minute by minute around the 2026 DST changes, whatever the process zone', () => {
    for (const processTz of ['UTC', 'America/Chicago', 'Pacific/Honolulu']) {
      process.env.TZ = processTz;
      for (const change of ['2026-03-08', '2026-11-01'])
        for (let t = Date.parse(`${change}T00:00:00Z`); t < Date.parse(`${change}T14:00:00Z`); t += 15 * 60_000)
          for (const tz of usZones) expect(localDate(t, tz)).toBe(intlLocalDate(new Date(t), tz));
    }
    // Local midnight: the first minute of the day in Chicago is 06:00Z in winter and 05:00Z in summer.
    expect(localDate('2026-03-08T05:59:00Z', 'America/Chicago')).toBe('2026-03-07');
    expect(localDate('2026-03-08T06:00:00Z', 'America/Chicago')).toBe('2026-03-08');
    expect(localDate('2026-11-01T04:59:00Z', 'America/Chicago')).toBe('2026-10-31');
    expect(localDate('2026-11-01T05:00:00Z', 'America/Chicago')).toBe('2026-11-01');
    expect(localDate('2026-03-08T06:59:00Z', 'America/Phoenix')).toBe('2026-03-07');
  });

  it('refuses an unknown zone, except for today, which falls back to UTC', () => {
    expect(() => localDate(new Date(), 'Not/AZone')).toThrow(RangeError);
    expect(todayInZone('2026-11-22T03:30:00Z', 'Not/AZone')).toBe('2026-11-22');
  });
});

describe('display formats of the spec', () => {
  it('formats calendar days: MM/DD/YYYY, MMM D, MMM D, YYYY, MMM Do, YYYY, MMM YYYY', () => {
    expect(formatDisplayDate('2026-03-04')).toBe('03/04/2026');
    expect(formatShortDate('2026-03-04')).toBe('Mar 4');
    expect(formatLongDate('2026-03-04')).toBe('Mar 4, 2026');
    expect(formatOrdinalDate('2026-03-01')).toBe('Mar 1st, 2026');
    expect(formatOrdinalDate('2026-03-22')).toBe('Mar 22nd, 2026');
    expect(formatOrdinalDate('2026-03-13')).toBe('Mar 13th, 2026');
    expect(formatMonth('2026-03-04')).toBe('Mar 2026');
    expect(formatDay('2026-11-05T00:00:00.000Z', 'display')).toBe('11/05/2026');
    expect(formatDay('not a day', 'display')).toBe('not a day');
  });

  it('formats ranges as MMM D - MMM D, YYYY, with both years when they differ', () => {
    expect(formatDateRange('2026-03-01', '2026-03-31')).toBe('Mar 1 - Mar 31, 2026');
    expect(formatDateRange('2025-12-15', '2026-01-15')).toBe('Dec 15, 2025 - Jan 15, 2026');
  });

  it('formats a calendar day the same in every process zone', () => {
    fc.assert(
      fc.property(dayNearDst, fc.constantFrom('UTC', ...usZones), (day, tz) => {
        process.env.TZ = tz;
        const [y, m, d] = day.split('-');
        expect(formatDisplayDate(day)).toBe(`${m}/${d}/${y}`);
        expect(formatInstant(day, 'display')).toBe(`${m}/${d}/${y}`);
      }),
      { numRuns: 100 },
    );
  });

  it('formats instants in the dealership zone, 12-hour clock', () => {
    expect(formatDateTime('2026-02-02T03:36:00Z', 'America/Chicago')).toBe('02/01/2026 9:36 PM');
    expect(formatDateTime('2026-07-01T17:05:00Z', 'America/Los_Angeles')).toBe('07/01/2026 10:05 AM');
    expect(formatDateTime('2026-03-08T08:30:00Z', 'America/New_York')).toBe('03/08/2026 4:30 AM');
    expect(formatDateTime('2026-03-08T06:30:00Z', 'America/New_York')).toBe('03/08/2026 1:30 AM');
    expect(formatInstant('2026-11-01T10:00:00Z', 'display', 'Pacific/Honolulu')).toBe('11/01/2026');
    expect(formatInstant('2026-11-01T09:59:00Z', 'display', 'Pacific/Honolulu')).toBe('10/31/2026');
    expect(formatInstant('2026-03-04T15:05:00Z', 'longDateTime', 'America/Denver')).toBe('Mar 4, 2026 8:05 AM');
    expect(formatDateTime('not a date', 'America/Chicago')).toBe('not a date');
  });

  it('formats call durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(74.6)).toBe('1:15');
    expect(formatDuration(3725)).toBe('62:05');
    expect(formatDuration(-3)).toBe('0:00');
  });
});

describe('numbers, money and percentages', () => {
  it('formats integers, dollars, cents and percents in US English', () => {
    expect(formatInteger(1234567)).toBe('1,234,567');
    expect(formatInteger(null)).toBe('N/A');
    expect(formatCurrency(5000)).toBe('$5,000.00');
    expect(formatCurrency(undefined)).toBe('N/A');
    expect(formatDollars(5000)).toBe('$5,000');
    expect(formatDollars(1234.5)).toBe('$1,234.5');
    expect(formatDollars(1_000_000)).toBe('$1,000,000');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(null)).toBe('N/A');
    expect(formatPercent(2.5)).toBe('2.50%');
    expect(formatPercent(33.333, 1)).toBe('33.3%');
    expect(formatPercent(null)).toBe('N/A');
  });

  it('formats any whole number of cents as its dollars and cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const dollars = Math.floor(cents / 100).toString();
        const grouped = dollars.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
        expect(formatCents(cents)).toBe(`$${grouped}.${String(cents % 100).padStart(2, '0')}`);
      }),
    );
  });
});
