import { addDays } from '@portal/contracts';
import type { IsoDate } from './types';

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
  maxDays = 800,
): T[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const days: T[] = [];
  for (let date = startDate; date <= endDate && days.length < maxDays; date = addDays(date, 1)) {
    days.push(byDate.get(date) ?? emptyDay(date));
  }
  return days;
}
