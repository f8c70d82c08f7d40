import { calendarRange, type DateRangeQuery } from '@portal/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** Wire format of calendar days (spec 001 §9). */
export const WIRE_DATE_FORMAT = 'YYYY-MM-DD';
/** Display formats of the spec. */
export const DISPLAY_DATE_FORMAT = 'MM/DD/YYYY';
export const SHORT_DATE_FORMAT = 'MMM D';
export const MONTH_FORMAT = 'MMM YYYY';

export type DateRange = DateRangeQuery;

export function toWireDate(date: Dayjs | Date | string): string {
  return dayjs(date).format(WIRE_DATE_FORMAT);
}

/** '2025-03-04' → '03/04/2025'. */
export function formatDisplayDate(date: string): string {
  return dayjs(date).format(DISPLAY_DATE_FORMAT);
}

/** '2025-03-04' → 'Mar 4'. */
export function formatShortDate(date: string): string {
  return dayjs(date).format(SHORT_DATE_FORMAT);
}

/** '2025-03-04' → 'Mar 4, 2025'. */
export function formatLongDate(date: string): string {
  return dayjs(date).format('MMM D, YYYY');
}

/** '2025-03-04' → 'Mar 2025' (booking month). */
export function formatMonth(date: string): string {
  return dayjs(date).format(MONTH_FORMAT);
}

/** A range as 'MMM D - MMM D, YYYY'; both years are shown when they differ. */
export function formatDateRange(start: string, end: string): string {
  const from = dayjs(start);
  const to = dayjs(end);
  if (from.year() !== to.year()) return `${from.format('MMM D, YYYY')} - ${to.format('MMM D, YYYY')}`;
  return `${from.format(SHORT_DATE_FORMAT)} - ${to.format('MMM D, YYYY')}`;
}

/** The default report range: the last 30 days ending yesterday (today − 30 … today − 1). */
export function defaultReportRange(today: Dayjs = dayjs()): DateRange {
  return {
    startDate: toWireDate(today.subtract(30, 'day')),
    endDate: toWireDate(today.subtract(1, 'day')),
  };
}

/** Reads startDate/endDate from a query string; bad or missing values fall back to the default range. */
export function parseDateRange(params: URLSearchParams, today: Dayjs = dayjs()): DateRange {
  return calendarRange(params.get('startDate'), params.get('endDate')) ?? defaultReportRange(today);
}
