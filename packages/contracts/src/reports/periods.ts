import * as z from 'zod';

/**
 * Report generator periods (spec 001 §2.13, §9): last month, last 3 months, last 6 months, the
 * previous calendar year, and the year to date through the end of last month. Every period is made
 * of whole calendar months that have ended; the default is the 3 previous full months.
 */
export const reportPeriods = ['last_month', 'last_3_months', 'last_6_months', 'previous_year', 'year_to_date'] as const;
export const reportPeriodSchema = z.enum(reportPeriods);
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 'last_3_months';

export const reportPeriodLabels: Record<ReportPeriod, string> = {
  last_month: 'Last month',
  last_3_months: 'Last 3 months',
  last_6_months: 'Last 6 months',
  previous_year: 'Previous calendar year',
  year_to_date: 'Year to date (through the end of last month)',
};

/** Month-over-month windows (spec 001 §2.12, §9), held in the `dateFilter` query parameter. */
export const monthOverMonthFilters = ['3_month', '6_month'] as const;
export const monthOverMonthFilterSchema = z.enum(monthOverMonthFilters);
export type MonthOverMonthFilter = z.infer<typeof monthOverMonthFilterSchema>;
export const monthOverMonthFilterLabels: Record<MonthOverMonthFilter, string> = {
  '3_month': 'Last 3 months',
  '6_month': 'Last 6 months',
};

function parts(isoDate: string): [number, number, number] {
  return isoDate.split('-').map(Number) as [number, number, number];
}

function iso(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.toISOString().slice(0, 10);
}

/** First day of the month `offset` months after the month of `isoDate` (negative: before). */
export function shiftMonthStart(isoDate: string, offset: number): string {
  const [y, m] = parts(isoDate);
  return iso(y, m + offset, 1);
}

/** Last day of the month of `isoDate`. */
export function monthEnd(isoDate: string): string {
  const [y, m] = parts(isoDate);
  return iso(y, m + 1, 0);
}

/** Inclusive `YYYY-MM-DD` range. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/**
 * The dates of a period for `today` (a `YYYY-MM-DD` day in the organization's time zone). The year
 * to date runs from 1 January of the year of last month to the end of last month, so in January it
 * is the whole previous year (there is no ended month of the new year yet).
 */
export function reportPeriodRange(period: ReportPeriod, today: string): DateRange {
  const [year, month] = parts(today);
  const lastMonthEnd = iso(year, month, 0);
  const months = (n: number) => ({ startDate: shiftMonthStart(today, -n), endDate: lastMonthEnd });
  switch (period) {
    case 'last_month':
      return months(1);
    case 'last_3_months':
      return months(3);
    case 'last_6_months':
      return months(6);
    case 'previous_year': {
      return { startDate: iso(year - 1, 1, 1), endDate: iso(year - 1, 12, 31) };
    }
    case 'year_to_date':
      return { startDate: `${lastMonthEnd.slice(0, 4)}-01-01`, endDate: lastMonthEnd };
  }
}

/**
 * The month-over-month window for `today`: the current month (through today) and the 2 or 5
 * months before it, so the newest delivery is always in the comparison.
 */
export function monthOverMonthRange(filter: MonthOverMonthFilter, today: string): DateRange {
  const count = filter === '6_month' ? 6 : 3;
  return { startDate: shiftMonthStart(today, -(count - 1)), endDate: today };
}

/** The months (`YYYY-MM-01`) a range touches, oldest first. */
export function monthsOf(range: DateRange): string[] {
  const months: string[] = [];
  for (let month = shiftMonthStart(range.startDate, 0); month <= range.endDate; month = shiftMonthStart(month, 1))
    months.push(month);
  return months;
}
