import type { RecurringType } from '@portal/contracts';
import { addDays } from './dates';

/** ISO weekday of a `YYYY-MM-DD` date: 1 Monday … 7 Sunday. */
export function isoWeekday(isoDate: string): number {
  const day = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The run day of a monthly schedule in a month: `day`, or the month's last day when shorter (31 → 30 Apr, 28/29 Feb). */
function monthlyRunDay(year: number, month: number, day: number): string {
  const d = Math.min(day, daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The latest day on or before `today` a schedule was due: weekly ('day') on ISO weekday `day`,
 * monthly ('month') on day `day` (the month's last day when the month is shorter). Each due day is
 * one period: a recurring report runs once for it, even when it runs late after a restart.
 */
export function latestDueDate(type: RecurringType, day: number, today: string): string {
  if (type === 'day') return addDays(today, -((isoWeekday(today) - day + 7) % 7));
  const [year, month] = today.split('-').map(Number) as [number, number];
  const thisMonth = monthlyRunDay(year, month, day);
  if (thisMonth <= today) return thisMonth;
  return month === 1 ? monthlyRunDay(year - 1, 12, day) : monthlyRunDay(year, month - 1, day);
}

/** The first due day strictly after `after`. */
export function nextDueDate(type: RecurringType, day: number, after: string): string {
  if (type === 'day') return addDays(after, (day - isoWeekday(after) + 7) % 7 || 7);
  const [year, month] = after.split('-').map(Number) as [number, number];
  const thisMonth = monthlyRunDay(year, month, day);
  if (thisMonth > after) return thisMonth;
  return month === 12 ? monthlyRunDay(year + 1, 1, day) : monthlyRunDay(year, month + 1, day);
}
