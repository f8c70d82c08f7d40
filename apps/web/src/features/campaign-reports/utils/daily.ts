import { todayHere, type DateRangeQuery, type ReportDay } from '@portal/contracts';
import { fillMissingDays } from '@portal/report-charts';

/** The longest range drawn day by day; longer ranges show the days the API returned. */
const MAX_FILLED_DAYS = 400;

interface DailyPoint {
  date: string;
  impressions: number;
  clicks: number;
  ctr: number | null;
}

/**
 * The range's days up to today: a day still to come has no delivery yet, so an active flight's
 * future days are left off the charts instead of drawn as zeros.
 */
function filled<T extends { date: string }>(
  rows: T[],
  range: DateRangeQuery,
  empty: (date: string) => T,
  today: string = todayHere(),
): T[] {
  const lastDay = range.endDate < today ? range.endDate : today;
  if (lastDay < range.startDate) return rows;
  const filledRows = fillMissingDays(rows, range.startDate, lastDay, empty, MAX_FILLED_DAYS + 1);
  return filledRows.length > MAX_FILLED_DAYS ? rows : filledRows;
}

/** Every day of the range for the daily charts: a day without a row had no delivery. */
export function completeReportDays(rows: ReportDay[], range: DateRangeQuery, today?: string): ReportDay[] {
  return filled(
    rows,
    range,
    (date) => ({
      date,
      impressions: 0,
      clicks: 0,
      views: 0,
      reach: null,
      spend: 0,
      conversions: 0,
      sales: 0,
      calls: 0,
      leads: 0,
      video_100: 0,
      ctr: null,
    }),
    today,
  );
}

/** Every day of the range for the spec pages' daily rows (impressions, clicks, CTR). */
export function completeDailyPoints<T extends DailyPoint>(rows: T[], range: DateRangeQuery, today?: string): T[] {
  return filled(rows, range, (date) => ({ date, impressions: 0, clicks: 0, ctr: null }) as T, today);
}
