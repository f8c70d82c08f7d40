import { addDays } from '@portal/contracts';
import type { DailyRange, IsoDate } from './types';

/** The most days a daily chart draws (a longer range keeps its first `MAX_DAILY_DAYS`). */
export const MAX_DAILY_DAYS = 800;

/**
 * Every day from `startDate` to `endDate` (inclusive, at most `maxDays`), taking a day's row when
 * there is one and `emptyDay(date)` otherwise: a daily chart then shows days without delivery as
 * zeros instead of joining the days around them. Rows outside the range are dropped.
 */
export function fillMissingDays<T extends { date: IsoDate }>(
  rows: readonly T[],
  startDate: IsoDate,
  endDate: IsoDate,
  emptyDay: (date: IsoDate) => T,
  maxDays = MAX_DAILY_DAYS,
): T[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const days: T[] = [];
  for (let date = startDate; date <= endDate && days.length < maxDays; date = addDays(date, 1)) {
    days.push(byDate.get(date) ?? emptyDay(date));
  }
  return days;
}

/**
 * The days a daily chart draws: every day of the selected range up to `today` (a day still to come
 * has no delivery yet, so an active flight's future days are not drawn as zeros). A range that starts
 * after today is drawn whole. Web and PDF both call it, so both draw the same days.
 */
export function drawnRange(range: DailyRange, today: IsoDate): DailyRange {
  const endDate = range.endDate < today ? range.endDate : today;
  return endDate < range.startDate ? range : { startDate: range.startDate, endDate };
}

/**
 * Each day of `range` with its row (undefined: no row that day). Without a range, the days from the
 * first row's to the last row's, so a day without a row is still a day on the axis, never skipped.
 */
export function dayRows<T extends { date: IsoDate }>(
  rows: readonly T[],
  range?: DailyRange,
): { date: IsoDate; row: T | undefined }[] {
  let startDate = range?.startDate;
  let endDate = range?.endDate;
  if (!startDate || !endDate) {
    if (rows.length === 0) return [];
    const dates = rows.map((row) => row.date).sort();
    startDate = dates[0]!;
    endDate = dates[dates.length - 1]!;
  }
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const days: { date: IsoDate; row: T | undefined }[] = [];
  for (let date = startDate; date <= endDate && days.length < MAX_DAILY_DAYS; date = addDays(date, 1)) {
    days.push({ date, row: byDate.get(date) });
  }
  return days;
}
