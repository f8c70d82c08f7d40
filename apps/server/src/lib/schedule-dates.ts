import {
  addDays,
  daysInMonth,
  isoWeekday,
  localDate,
  monthStart,
  shiftMonthStart,
  zonedDateTime,
  type RecurringType,
} from '@portal/contracts';

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

/** When a schedule runs: its interval and day, the local time `HH:MM`, and the first local day a run may be due. */
export interface ScheduleTiming {
  type: RecurringType;
  day: number;
  sendTime: string;
  startsOn: string;
}

/**
 * The run due at `now` (issue 21 §5): the latest due day whose send instant — `sendTime` on that day
 * on the wall clock of `timeZone` (`zonedDateTime`: a skipped time is moved forward by the gap, a
 * repeated one is its first occurrence) — is not after `now`; null when that day is before
 * `startsOn`. The run is named by its local day (`runDate`), so a day has one run whatever the
 * clocks do, and a run missed while no process ticked is still due later.
 */
export function latestDueRun(
  timing: ScheduleTiming,
  now: Date,
  timeZone: string,
): { runDate: string; dueAt: Date } | null {
  let runDate = latestDueDate(timing.type, timing.day, localDate(now, timeZone));
  let dueAt = zonedDateTime(runDate, timing.sendTime, timeZone);
  if (dueAt.getTime() > now.getTime()) {
    runDate = latestDueDate(timing.type, timing.day, addDays(runDate, -1));
    dueAt = zonedDateTime(runDate, timing.sendTime, timeZone);
  }
  return runDate < timing.startsOn ? null : { runDate, dueAt };
}

/**
 * The next run seen at `now`: a due run not yet made (`ranOn` holds the run days made) goes at once
 * (`date` today, `at` now); otherwise the first due day whose send instant is after `now`.
 */
export function nextRun(
  timing: ScheduleTiming,
  now: Date,
  timeZone: string,
  ranOn: ReadonlySet<string>,
): { date: string; at: Date } {
  const today = localDate(now, timeZone);
  const due = latestDueRun(timing, now, timeZone);
  if (due && !ranOn.has(due.runDate)) return { date: today, at: now };
  let date =
    latestDueDate(timing.type, timing.day, today) === today ? today : nextDueDate(timing.type, timing.day, today);
  if (date < timing.startsOn) date = nextDueDate(timing.type, timing.day, addDays(timing.startsOn, -1));
  let at = zonedDateTime(date, timing.sendTime, timeZone);
  while (at.getTime() <= now.getTime() || ranOn.has(date)) {
    date = nextDueDate(timing.type, timing.day, date);
    at = zonedDateTime(date, timing.sendTime, timeZone);
  }
  return { date, at };
}
