import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration } from '@portal/contracts';
import { compareWithAverage, formatChangePercent } from './format';
import { reportKindOf } from './report-kind';

describe('report formatting', () => {
  it('shows call durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(601)).toBe('10:01');
  });

  it('shows timestamps as MM/DD/YYYY h:mm A', () => {
    expect(formatDateTime('2026-02-02T15:36:00')).toBe('02/02/2026 3:36 PM');
  });

  it('shows an instant in the dealership time zone when it is given', () => {
    expect(formatDateTime('2026-02-02T03:36:00Z', 'America/Chicago')).toBe('02/01/2026 9:36 PM');
    expect(formatDateTime('2026-02-02T03:36:00Z', 'America/New_York')).toBe('02/01/2026 10:36 PM');
    expect(formatDateTime('2026-07-01T17:05:00Z', 'America/Los_Angeles')).toBe('07/01/2026 10:05 AM');
    expect(formatDateTime('2026-02-02T06:00:00Z', 'America/Chicago')).toBe('02/02/2026 12:00 AM');
    expect(formatDateTime('2026-02-02T18:00:00Z', 'America/Chicago')).toBe('02/02/2026 12:00 PM');
    // A zone the browser does not know: the browser's own zone rather than an error.
    expect(formatDateTime('2026-02-02T15:36:00', 'Not/AZone')).toBe('02/02/2026 3:36 PM');
    expect(formatDateTime('not a date', 'America/Chicago')).toBe('not a date');
  });

  it('compares a vehicle with the average in whole percents', () => {
    expect(compareWithAverage(27, 20)).toEqual({ text: '+35% vs avg', direction: 'up' });
    expect(compareWithAverage(9000, 20000)).toEqual({ text: '−55% vs avg', direction: 'down' });
    expect(compareWithAverage(20, 20)).toEqual({ text: 'Same as avg', direction: 'flat' });
    expect(compareWithAverage(5, 0)).toEqual({ text: null, direction: null });
    expect(compareWithAverage(null, 3)).toEqual({ text: null, direction: null });
  });

  it('formats the audience change badge', () => {
    expect(formatChangePercent(18.94)).toBe('+18.9%');
    expect(formatChangePercent(-1)).toBe('−1.0%');
    expect(formatChangePercent(0)).toBe('0%');
  });

  it('opens the spec pages for AUDIENCE, FBD/DYN and DYD, and the family page for the other codes', () => {
    expect(reportKindOf('AUDIENCE')).toBe('audience');
    expect(reportKindOf('fbd')).toBe('social-dynamic');
    expect(reportKindOf('DYN')).toBe('social-dynamic');
    expect(reportKindOf('DYD')).toBe('dynamic-display');
    expect(reportKindOf('LOP')).toBe('display');
    expect(reportKindOf('AZV')).toBe('video');
    expect(reportKindOf('MPX')).toBe('search');
    expect(reportKindOf('TTI')).toBe('social');
    expect(reportKindOf('AUD')).toBe('audio');
    expect(reportKindOf('DOH')).toBe('ooh');
    expect(reportKindOf('EVT')).toBe('events');
  });
});
