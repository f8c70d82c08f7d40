import { formatTimeWithZone, zonedDateTime, type ScheduleZoneSource } from '@portal/contracts';

/** The send time a new schedule starts with (issue 21 §5): 8:00 in the morning. */
export const DEFAULT_FORM_SEND_TIME = '08:00';

/** '08:00' → '8:00 AM', '13:30' → '1:30 PM', '00:00' → '12:00 AM'. */
export function formatSendTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** The send times offered (every half hour; the current value is kept when it is not on the half hour). */
export function sendTimeOptions(current?: string | null): Array<{ value: string; label: string }> {
  const times = Array.from(
    { length: 48 },
    (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  );
  if (current && !times.includes(current)) times.push(current);
  return times.sort().map((value) => ({ value, label: formatSendTime(value) }));
}

export { browserTimeZone, timeZoneOptions } from '@/lib/time-zones';

/** The zone a schedule's time is in: the dealership's, or the recipient's chosen one. */
export function effectiveZone(
  source: ScheduleZoneSource,
  recipientZone: string | null,
  dealershipZone: string,
): string {
  return source === 'recipient' && recipientZone ? recipientZone : dealershipZone;
}

/**
 * '8:00 AM CST': a send time on the wall clock of `timeZone` with the zone's abbreviation on `day`
 * (today by default; the abbreviation follows daylight saving). The zone name alone for an unknown zone.
 */
export function sendTimeWithZone(time: string, timeZone: string, day?: string): string {
  try {
    const on = day ?? new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    return formatTimeWithZone(zonedDateTime(on, time, timeZone), timeZone);
  } catch {
    return `${formatSendTime(time)} ${timeZone}`;
  }
}
