import * as z from 'zod';
import { addDays, type CalendarRange, lastMonths, monthStart, shiftMonthStart } from '../common/calendar';

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

/** Inclusive `YYYY-MM-DD` range. */
export type DateRange = CalendarRange;

/**
 * The dates of a period for `today` (a `YYYY-MM-DD` day in the organization's time zone). The year
 * to date runs from 1 January of the year of last month to the end of last month, so in January it
 * is the whole previous year (there is no ended month of the new year yet).
 */
export function reportPeriodRange(period: ReportPeriod, today: string): DateRange {
  const lastMonthEnd = addDays(monthStart(today), -1);
  switch (period) {
    case 'last_month':
      return lastMonths(today, 1);
    case 'last_3_months':
      return lastMonths(today, 3);
    case 'last_6_months':
      return lastMonths(today, 6);
    case 'previous_year': {
      const year = String(Number(today.slice(0, 4)) - 1).padStart(4, '0');
      return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
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
