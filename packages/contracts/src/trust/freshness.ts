import { TZDate } from '@date-fns/tz/date';
import * as z from 'zod';
import { addDays, localDate, type CalendarDay, type Instant, formatDay } from '../common/calendar';
import { isoDateSchema } from '../common/dates';

/**
 * Where a campaign's numbers come from (issue 21 §1): the ingestion file set (managed campaigns,
 * docs/ingestion.md) or an ad platform sync (self-service campaigns, docs/self-service.md).
 */
export const dataSourceSchema = z.enum(['files', 'google_ads', 'meta']);
export type DataSource = z.infer<typeof dataSourceSchema>;

export const dataSourceLabels: Record<DataSource, string> = {
  files: 'Ingestion file set',
  google_ads: 'Google Ads',
  meta: 'Meta',
};

/** The hour (dealership-local, 0–23) by which yesterday's data is expected; later than that it is stale. */
export const DEFAULT_STALE_AFTER_HOUR = 10;

/**
 * A campaign's data freshness for one source (docs/trust.md "Freshness"): the last complete day of
 * data (`data_through`, dealership-local), when it arrived (`updated_at`, an instant), the day it
 * should have reached by now (`expected_through`) and whether it missed it (`stale`). `label` is
 * "Data through {date}, updated {time} {zone}" in the dealership's time zone, ready for a report
 * header, an email or the PDF cover.
 */
export const freshnessSchema = z.object({
  source: dataSourceSchema,
  data_through: isoDateSchema.nullable(),
  updated_at: z.string().nullable(),
  expected_through: isoDateSchema.nullable(),
  stale: z.boolean(),
  time_zone: z.string(),
  label: z.string(),
});
export type Freshness = z.infer<typeof freshnessSchema>;

/**
 * The day a source should have delivered by `now`: yesterday (dealership-local) once the local hour
 * has reached `staleAfterHour`, the day before yesterday until then; never after the flight's end.
 * Null when the flight has not started by then (nothing is expected yet).
 */
export function expectedThrough(
  now: Instant,
  timeZone: string,
  flight: { start: CalendarDay; end: CalendarDay | null },
  staleAfterHour: number = DEFAULT_STALE_AFTER_HOUR,
): CalendarDay | null {
  const today = localDate(now, timeZone);
  const expected = addDays(today, localHour(now, timeZone) >= staleAfterHour ? -1 : -2);
  const capped = flight.end && flight.end < expected ? flight.end : expected;
  return capped < flight.start ? null : capped;
}

/**
 * One Intl formatter per zone and options, kept: building one costs far more than formatting with
 * it, and the list and agency overview format a freshness label per campaign (1,000 on a 50-rooftop
 * agency).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string, options: Intl.DateTimeFormatOptions) => {
  const key = timeZone + JSON.stringify(options);
  let kept = formatters.get(key);
  if (!kept) formatters.set(key, (kept = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return kept;
};

/** The wall-clock hour (0–23) of an instant in a zone. */
export function localHour(now: Instant, timeZone: string): number {
  const hour = formatter(timeZone, { hour: 'numeric', hourCycle: 'h23' }).format(
    now instanceof Date ? now : new Date(now),
  );
  return Number(hour) % 24;
}

/** "6:14 AM CST": an instant's time and zone abbreviation in `timeZone`. */
export function formatTimeWithZone(instant: Instant, timeZone: string): string {
  return formatter(timeZone, {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  })
    .format(instant instanceof Date ? instant : new Date(instant))
    .replace(/\u202f/g, ' ');
}

/**
 * "Data through Nov 25, 2026, updated Nov 26, 6:14 AM CST" (the update's day is named when it is not
 * the day after the data's last day), or "No data yet".
 */
export function freshnessLabel(dataThrough: CalendarDay | null, updatedAt: Instant | null, timeZone: string): string {
  if (!dataThrough) return 'No data yet';
  // Campaigns of one ingestion share their label: kept (up to 1,000) instead of formatted per campaign.
  const key = `${dataThrough} ${updatedAt === null ? '' : new Date(updatedAt).getTime()} ${timeZone}`;
  let label = labels.get(key);
  if (label === undefined) {
    if (labels.size >= 1000) labels.clear();
    labels.set(key, (label = formatLabel(dataThrough, updatedAt, timeZone)));
  }
  return label;
}
const labels = new Map<string, string>();

function formatLabel(dataThrough: CalendarDay, updatedAt: Instant | null, timeZone: string): string {
  const through = `Data through ${formatDay(dataThrough, 'long')}`;
  if (updatedAt === null) return through;
  const updatedDay = localDate(updatedAt, timeZone);
  const day = updatedDay === addDays(dataThrough, 1) ? '' : `${formatDay(updatedDay, 'short')}, `;
  return `${through}, updated ${day}${formatTimeWithZone(updatedAt, timeZone)}`;
}

/** A campaign's freshness for a source, computed at `now` (pure; the server passes its clock). */
export function campaignFreshness(input: {
  source: DataSource;
  dataThrough: CalendarDay | null;
  updatedAt: Date | null;
  flight: { start: CalendarDay; end: CalendarDay | null };
  now: Instant;
  timeZone: string;
  staleAfterHour?: number;
}): Freshness {
  const expected = expectedThrough(input.now, input.timeZone, input.flight, input.staleAfterHour);
  return {
    source: input.source,
    data_through: input.dataThrough,
    updated_at: input.updatedAt ? input.updatedAt.toISOString() : null,
    expected_through: expected,
    stale: expected !== null && (input.dataThrough === null || input.dataThrough < expected),
    time_zone: input.timeZone,
    label: freshnessLabel(input.dataThrough, input.updatedAt, input.timeZone),
  };
}

/** The next run of a job every `everyHours` hours on the hour (hours divisible by it, local to `timeZone`) after `now`. */
export function nextRunEvery(now: Date, everyHours: number, timeZone: string): Date {
  const today = localDate(now, timeZone);
  for (const day of [today, addDays(today, 1), addDays(today, 2)]) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    for (let hour = 0; hour < 24; hour += everyHours) {
      const run = new Date(new TZDate(y, m - 1, d, hour, 0, 0, timeZone).getTime());
      if (run.getTime() > now.getTime()) return run;
    }
  }
  return now;
}

/** The next run of a daily job at `hour` o'clock in `timeZone` after `now` (the Data health page's "next run"). */
export function nextDailyRun(now: Date, hour: number, timeZone: string): Date {
  const today = localDate(now, timeZone);
  for (const day of [today, addDays(today, 1), addDays(today, 2)]) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const run = new Date(new TZDate(y, m - 1, d, hour, 0, 0, timeZone).getTime());
    if (run.getTime() > now.getTime()) return run;
  }
  return now;
}
