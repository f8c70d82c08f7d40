import { TZDate } from '@date-fns/tz/date';
import { tzOffset } from '@date-fns/tz/tzOffset';
// One module per function (not the date-fns index): unbundled runtimes (tests, the server) load
// only these, not the library's ~250 modules.
import { addDays as addDaysToDate } from 'date-fns/addDays';
import { addMonths as addMonthsToDate } from 'date-fns/addMonths';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { endOfMonth } from 'date-fns/endOfMonth';
import { format } from 'date-fns/format';
import { getDaysInMonth } from 'date-fns/getDaysInMonth';
import { getISODay } from 'date-fns/getISODay';
import { isValid } from 'date-fns/isValid';
import { lightFormat } from 'date-fns/lightFormat';
import { startOfMonth } from 'date-fns/startOfMonth';

/**
 * The portal's one calendar (issue 19 §4), built on date-fns 4 and @date-fns/tz: calendar days,
 * the calendar day of an instant in a dealership's time zone, ranges, "last N months", days between,
 * flight days, call durations and the spec's display formats of dates (spec 000 §2.3, spec 001 §9).
 * Numbers, money and percentages are formatted by ./format. No other module of the portal does date
 * arithmetic or date formatting by hand.
 *
 * A calendar day is a `YYYY-MM-DD` string everywhere (the wire format, spec 001 §9). Inside this
 * module a day is a `Date` at noon of that day in the process's own zone: date-fns then counts and
 * formats it by its local fields, which no time zone or DST change of the process can move (noon is
 * never skipped, unlike midnight in a few zones). An instant (a `Date`, epoch milliseconds or an ISO
 * 8601 date-time) becomes a calendar day only through a named IANA zone (`localDate`).
 */

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` calendar day. */
export type CalendarDay = string;

/** Whether `value` is `YYYY-MM-DD` and a real calendar day ('2025-02-30' is not; years from 0100). */
export function isCalendarDate(value: string): boolean {
  if (!isoDatePattern.test(value) || value < '0100') return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= getDaysInMonth(new Date(y, m - 1, 1, 12));
}

/** A valid inclusive range of calendar days (start not after end), or null. */
export function calendarRange(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): { startDate: string; endDate: string } | null {
  if (!startDate || !endDate || !isCalendarDate(startDate) || !isCalendarDate(endDate)) return null;
  return startDate <= endDate ? { startDate, endDate } : null;
}

/** An inclusive range of calendar days (`startDate` ≤ `endDate`, both `YYYY-MM-DD`). */
export interface CalendarRange {
  startDate: CalendarDay;
  endDate: CalendarDay;
}

/** The day as a local-noon `Date` (see the module note). The day is not validated. */
function toDate(day: CalendarDay): Date {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d, 12);
  // new Date(y, …) reads years 0–99 as 19xx.
  if (y < 100) date.setFullYear(y);
  return date;
}

/** A local-noon (or any local) `Date` as its calendar day. */
function toDay(date: Date): CalendarDay {
  return lightFormat(date, 'yyyy-MM-dd');
}

/* ---------- Instants and time zones ---------- */

/** An instant: a `Date`, milliseconds since the epoch, or an ISO 8601 date-time with an offset or `Z`. */
export type Instant = Date | number | string;

function toInstant(value: Instant): Date {
  if (value instanceof Date) return value;
  // A bare calendar day is that day in the process's zone, not UTC midnight (the previous day in the US).
  if (typeof value === 'string' && isoDatePattern.test(value)) return toDate(value);
  return new Date(value);
}

/**
 * The calendar day (`YYYY-MM-DD`) of an instant in an IANA time zone (e.g. a dealership
 * organization's `America/Chicago`). Throws a RangeError for a zone the runtime does not know.
 * Built on `tzOffset` (one cached Intl formatter per zone): a CSV export calls it once per row.
 */
export function localDate(instant: Instant, timeZone: string): CalendarDay {
  const time = toInstant(instant).getTime();
  const offset = tzOffset(timeZone, new Date(time));
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  // The wall clock of the zone, read from the UTC fields of the shifted instant.
  const wall = new Date(time + offset * 60_000);
  return toDay(new Date(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), 12));
}

/**
 * Today (`YYYY-MM-DD`) in `timeZone` (IANA name) at the instant `now`; an unknown zone falls back to
 * UTC (a dealership's zone comes from data, a page must still render).
 */
export function todayInZone(now: Instant, timeZone: string): CalendarDay {
  try {
    return localDate(now, timeZone);
  } catch {
    return localDate(now, 'UTC');
  }
}

/** Today in the zone of the process (the browser's zone on the web), e.g. for the date picker's presets. */
export function todayHere(now: Instant = new Date()): CalendarDay {
  return toDay(toInstant(now));
}

/** A wall-clock time of day `HH:MM` (24-hour, 00:00 … 23:59), e.g. a scheduled report's send time. */
export const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `timeZone` is an IANA zone name the runtime knows ('America/Chicago', 'Asia/Kolkata'). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    return !Number.isNaN(tzOffset(timeZone, new Date(0))) && Boolean(new Intl.DateTimeFormat('en-US', { timeZone }));
  } catch {
    return false;
  }
}

/**
 * The instant at which the wall clock of `timeZone` shows `time` (`HH:MM`) on `day` (`YYYY-MM-DD`),
 * through @date-fns/tz's `TZDate`. Across daylight-saving changes: a time the clock skips (2:30 on
 * the spring-forward night in the US) is the instant it would have been, i.e. 3:30 daylight time; a
 * time the clock shows twice (1:30 on the fall-back night) is the first of the two (daylight time).
 * Throws a RangeError for an unknown zone.
 */
export function zonedDateTime(day: CalendarDay, time: string, timeZone: string): Date {
  if (Number.isNaN(tzOffset(timeZone, new Date(0)))) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hours, minutes, 0, timeZone).getTime());
}

/** The zone's short name at an instant in US English: 'CST', 'CDT', 'NST', 'GMT+5:30' (Kolkata has no US abbreviation). */
export function zoneAbbreviation(instant: Instant, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(toInstant(instant));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/* ---------- Calendar-day arithmetic ---------- */

/** `day` plus `days` whole days (negative: before). */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  return toDay(addDaysToDate(toDate(day), days));
}

/** `day` plus `months` calendar months, clamped to the last day of a shorter month (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
  return toDay(addMonthsToDate(toDate(day), months));
}

/** First day of the month of `day`. */
export function monthStart(day: CalendarDay): CalendarDay {
  return toDay(startOfMonth(toDate(day)));
}

/** Last day of the month of `day`. */
export function monthEnd(day: CalendarDay): CalendarDay {
  return toDay(endOfMonth(toDate(day)));
}

/** First day of the month `offset` months after the month of `day` (negative: before). */
export function shiftMonthStart(day: CalendarDay, offset: number): CalendarDay {
  return toDay(addMonthsToDate(startOfMonth(toDate(day)), offset));
}

/** Days in the month of `day` (28 … 31). */
export function daysInMonth(day: CalendarDay): number {
  return getDaysInMonth(toDate(day));
}

/** ISO weekday of `day`: 1 Monday … 7 Sunday. */
export function isoWeekday(day: CalendarDay): number {
  return getISODay(toDate(day));
}

/** Whole days from `from` to `to` (negative when `to` is earlier): ('2026-03-01', '2026-03-02') → 1. */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return differenceInCalendarDays(toDate(to), toDate(from));
}

/** Calendar days of a flight or range, both ends included (`2026-12-01`..`2026-12-01` is 1). */
export function flightDays(start: CalendarDay, end: CalendarDay): number {
  return daysBetween(start, end) + 1;
}

/** The days of a range in order, both ends included (at most `maxDays`). */
export function daysOf(range: CalendarRange, maxDays = Number.POSITIVE_INFINITY): CalendarDay[] {
  const days: CalendarDay[] = [];
  const end = toDate(range.endDate);
  for (let date = toDate(range.startDate); date <= end && days.length < maxDays; date = addDaysToDate(date, 1))
    days.push(toDay(date));
  return days;
}

/** The months (`YYYY-MM-01`) a range touches, oldest first. */
export function monthsOf(range: CalendarRange): CalendarDay[] {
  const months: CalendarDay[] = [];
  for (let month = monthStart(range.startDate); month <= range.endDate; month = shiftMonthStart(month, 1))
    months.push(month);
  return months;
}

/** The `days` days ending the day before `today` (today − days … today − 1): the portal's default report range is 30. */
export function lastDays(today: CalendarDay, days: number): CalendarRange {
  return { startDate: addDays(today, -days), endDate: addDays(today, -1) };
}

/** The `months` whole calendar months before the month of `today` (first of today's month − N … end of last month). */
export function lastMonths(today: CalendarDay, months: number): CalendarRange {
  return { startDate: shiftMonthStart(today, -months), endDate: addDays(monthStart(today), -1) };
}

/** The portal's default report range: the last 30 days ending yesterday (today − 30 … today − 1). */
export function defaultReportRange(today: CalendarDay = todayHere()): CalendarRange {
  return lastDays(today, 30);
}

/**
 * Reads `startDate`/`endDate` from a query string (`URLSearchParams` or alike); bad or missing
 * values fall back to `defaultReportRange(today)` instead of throwing.
 */
export function parseDateRange(
  params: { get(name: string): string | null },
  today: CalendarDay = todayHere(),
): CalendarRange {
  return calendarRange(params.get('startDate'), params.get('endDate')) ?? defaultReportRange(today);
}

/* ---------- Display formats (spec 000 §2.3, spec 001 §9) ---------- */

/** The date-fns patterns of the spec's formats. */
export const dateFormats = {
  /** `2026-03-04` (wire). */
  wire: 'yyyy-MM-dd',
  /** `03/04/2026` (MM/DD/YYYY). */
  display: 'MM/dd/yyyy',
  /** `Mar 4` (MMM D). */
  short: 'MMM d',
  /** `Mar 4, 2026` (MMM D, YYYY). */
  long: 'MMM d, yyyy',
  /** `Mar 4th, 2026` (MMM Do, YYYY). */
  ordinal: 'MMM do, yyyy',
  /** `Mar 2026` (booking month). */
  month: 'MMM yyyy',
  /** `03/04/2026 3:05 PM`. */
  dateTime: 'MM/dd/yyyy h:mm a',
  /** `Mar 4, 2026 3:05 PM`. */
  longDateTime: 'MMM d, yyyy h:mm a',
} as const;
export type DateFormat = keyof typeof dateFormats;

/** A calendar day (`YYYY-MM-DD`; a longer ISO string is cut to its day) in one of the spec's formats; anything else is returned as given. */
export function formatDay(day: CalendarDay, style: DateFormat): string {
  const date = toDate(day);
  return isValid(date) ? format(date, dateFormats[style]) : day;
}

/**
 * An instant in one of the spec's formats, in `timeZone` (IANA; a dealership's zone, so a row never
 * shows a day outside the range chosen in that zone) or, without one or for a zone the runtime does
 * not know, in the process's (the browser's) zone. A value that is not a date is returned as given.
 */
export function formatInstant(value: Instant, style: DateFormat, timeZone?: string): string {
  const instant = toInstant(value);
  if (!isValid(instant)) return String(value);
  if (timeZone) {
    try {
      // A day-only format needs the zone's calendar day only (the fast path of CSV rows).
      if (style === 'wire' || style === 'display') return formatDay(localDate(instant, timeZone), style);
      return format(new TZDate(instant.getTime(), timeZone), dateFormats[style]);
    } catch {
      // Unknown zone: the browser's.
    }
  }
  return format(instant, dateFormats[style]);
}

/** '2025-03-04' → '03/04/2025'. */
export const formatDisplayDate = (day: CalendarDay) => formatDay(day, 'display');
/** '2025-03-04' → 'Mar 4'. */
export const formatShortDate = (day: CalendarDay) => formatDay(day, 'short');
/** '2025-03-04' → 'Mar 4, 2025'. */
export const formatLongDate = (day: CalendarDay) => formatDay(day, 'long');
/** '2025-03-04' → 'Mar 2025' (booking month). */
export const formatMonth = (day: CalendarDay) => formatDay(day, 'month');
/** '2025-03-04' → 'Mar 4th, 2025'. */
export const formatOrdinalDate = (day: CalendarDay) => formatDay(day, 'ordinal');

/** A range as 'MMM D - MMM D, YYYY'; both years are shown when they differ. */
export function formatDateRange(start: CalendarDay, end: CalendarDay): string {
  if (start.slice(0, 4) !== end.slice(0, 4)) return `${formatDay(start, 'long')} - ${formatDay(end, 'long')}`;
  return `${formatDay(start, 'short')} - ${formatDay(end, 'long')}`;
}

/** A timestamp as 'MM/DD/YYYY h:mm A' in `timeZone` (see `formatInstant`). */
export function formatDateTime(value: Instant, timeZone?: string): string {
  return formatInstant(value, 'dateTime', timeZone);
}

/* ---------- Durations ---------- */

/** Seconds as m:ss, rounded to whole seconds (75 → '1:15'; an hour and more stays in minutes: 3725 → '62:05'). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
