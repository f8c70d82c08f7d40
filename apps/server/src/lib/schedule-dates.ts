import { addDays, daysInMonth, isoWeekday, monthStart, shiftMonthStart, type RecurringType } from '@portal/contracts';

/** The run day of a monthly schedule in the month of `monthStart` (`YYYY-MM-01`): `day`, or the month's last day when shorter (31 → 30 Apr, 28/29 Feb). */
function monthlyRunDay(monthStart: string, day: number): string {
  return addDays(monthStart, Math.min(day, daysInMonth(monthStart)) - 1);
}

/**
 * The latest day on or before `today` a schedule was due: weekly ('day') on ISO weekday `day`,
 * monthly ('month') on day `day` (the month's last day when the month is shorter). Each due day is
 * one period: a recurring report runs once for it, even when it runs late after a restart.
 */
export function latestDueDate(type: RecurringType, day: number, today: string): string {
  if (type === 'day') return addDays(today, -((isoWeekday(today) - day + 7) % 7));
  const thisMonth = monthlyRunDay(monthStart(today), day);
  if (thisMonth <= today) return thisMonth;
  return monthlyRunDay(shiftMonthStart(today, -1), day);
}

/** The first due day strictly after `after`. */
export function nextDueDate(type: RecurringType, day: number, after: string): string {
  if (type === 'day') return addDays(after, (day - isoWeekday(after) + 7) % 7 || 7);
  const thisMonth = monthlyRunDay(monthStart(after), day);
  if (thisMonth > after) return thisMonth;
  return monthlyRunDay(shiftMonthStart(after, 1), day);
}
