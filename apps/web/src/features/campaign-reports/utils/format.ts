import dayjs from 'dayjs';
import { DISPLAY_DATE_FORMAT } from '@/lib/dates';

/** A call's duration in seconds as m:ss (75 → '1:15'). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A timestamp as 'MM/DD/YYYY h:mm A' (the spec's date format with the time of day). `value` is ISO
 * 8601; with `timeZone` (IANA, the dealership's organization zone — the zone in which the report's
 * date range selects calls and leads and their CSV dates are written) the instant is shown in that
 * zone, so a row never shows a day outside the chosen range; without it, in the browser's zone.
 */
export function formatDateTime(value: string, timeZone?: string): string {
  const date = dayjs(value);
  if (!date.isValid()) return value;
  if (timeZone) {
    const parts = zonedParts(date.toDate(), timeZone);
    if (parts) return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
  }
  return date.format(`${DISPLAY_DATE_FORMAT} h:mm A`);
}

/** The date and time parts of `date` in `timeZone`, or null for a zone the browser does not know. */
function zonedParts(date: Date, timeZone: string): Partial<Record<Intl.DateTimeFormatPartTypes, string>> | null {
  try {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  } catch {
    return null;
  }
}

export interface Comparison {
  /** e.g. '+35% vs avg', '−12% vs avg', 'Same as avg'; null when there is no average to compare with. */
  text: string | null;
  direction: 'up' | 'down' | 'flat' | null;
}

/** A vehicle's figure against the average of all the campaign's vehicles, in whole percents. */
export function compareWithAverage(value: number | null, average: number | null): Comparison {
  if (value === null || average === null || !Number.isFinite(average) || average === 0) {
    return { text: null, direction: null };
  }
  const change = Math.round(((value - average) / average) * 100);
  if (change === 0) return { text: 'Same as avg', direction: 'flat' };
  return { text: `${change > 0 ? '+' : '−'}${Math.abs(change)}% vs avg`, direction: change > 0 ? 'up' : 'down' };
}

/** The audience size change badge: '+2.5%', '−1.0%', '0%'. */
export function formatChangePercent(change: number): string {
  if (change === 0) return '0%';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)}%`;
}
