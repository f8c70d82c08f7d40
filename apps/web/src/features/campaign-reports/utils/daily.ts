import { todayHere, type DateRangeQuery } from '@portal/contracts';
import { drawnRange, type DailyRange } from '@portal/report-charts';

/**
 * The days the daily charts draw for the selected range: every day of it up to today (report-charts
 * `drawnRange`, as the PDF draws them). The builders take it as `range`, so a day without a row is
 * a day at zero (counts) or a gap (rates), never a day left off the axis.
 */
export function chartRange(range: DateRangeQuery, today: string = todayHere()): DailyRange {
  return drawnRange(range, today);
}
