import type { IsoDate } from './types';

function nextDay(date: IsoDate): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return next.toISOString().slice(0, 10);
}

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
  for (let date = startDate; date <= endDate && days.length < maxDays; date = nextDay(date)) {
    days.push(byDate.get(date) ?? emptyDay(date));
  }
  return days;
}
