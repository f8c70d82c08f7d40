import { describe, expect, it } from 'vitest';
import { isTimeZone, reportRequestSchema, timeOfDayPattern, zoneAbbreviation, zonedDateTime } from '../src';

/** Issue 21 §5: the wall-clock instants scheduled reports are sent at, and the request's send time and zone. */
describe('zoned wall-clock times', () => {
  it('an IANA zone, a local time and a day make one instant, across the US changes of 2027', () => {
    expect(zonedDateTime('2027-03-13', '08:00', 'America/Chicago').toISOString()).toBe('2027-03-13T14:00:00.000Z');
    expect(zonedDateTime('2027-03-14', '08:00', 'America/Chicago').toISOString()).toBe('2027-03-14T13:00:00.000Z');
    // Skipped by the clock: the instant it would have been (03:30 CDT).
    expect(zonedDateTime('2027-03-14', '02:30', 'America/Chicago').toISOString()).toBe('2027-03-14T08:30:00.000Z');
    // Shown twice: the first (CDT).
    expect(zonedDateTime('2027-11-07', '01:30', 'America/Chicago').toISOString()).toBe('2027-11-07T06:30:00.000Z');
    expect(zonedDateTime('2027-11-07', '08:00', 'America/St_Johns').toISOString()).toBe('2027-11-07T11:30:00.000Z');
    expect(zonedDateTime('2027-11-07', '09:15', 'Asia/Kolkata').toISOString()).toBe('2027-11-07T03:45:00.000Z');
    expect(() => zonedDateTime('2027-11-07', '09:15', 'Mars/Olympus')).toThrow(RangeError);
  });

  it('names zones and their abbreviations', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(zoneAbbreviation('2027-01-10T12:00:00Z', 'America/Chicago')).toBe('CST');
    expect(zoneAbbreviation('2027-07-10T12:00:00Z', 'America/Chicago')).toBe('CDT');
    expect(timeOfDayPattern.test('23:59')).toBe(true);
    expect(timeOfDayPattern.test('24:00')).toBe(false);
    expect(timeOfDayPattern.test('8:00')).toBe(false);
  });

  it('a recurring request takes a send time and, for the recipient, a known zone', () => {
    const base = {
      email: 'a@b.co',
      campaigns: [1],
      metrics: { impressions: true },
      reportFormat: 'csv' as const,
      period: 'last_month' as const,
      recurring: true,
      recurring_interval: { type: 'day' as const, day: 1 },
    };
    expect(reportRequestSchema.safeParse({ ...base, send_time: '08:00' }).success).toBe(true);
    expect(
      reportRequestSchema.safeParse({ ...base, time_zone_source: 'recipient', time_zone: 'America/St_Johns' }).success,
    ).toBe(true);
    const paths = (value: object) =>
      reportRequestSchema.safeParse(value).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths({ ...base, send_time: '8am' })).toEqual(['send_time']);
    expect(paths({ ...base, time_zone_source: 'recipient' })).toEqual(['time_zone']);
    expect(paths({ ...base, time_zone_source: 'recipient', time_zone: 'Nowhere/Land' })).toEqual(['time_zone']);
    // The dealership's zone needs none.
    expect(paths({ ...base, time_zone_source: 'dealership', time_zone: null })).toEqual([]);
  });
});
