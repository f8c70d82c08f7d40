import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultReportRange, formatDateRange, formatDisplayDate, formatMonth, parseDateRange } from './dates';

describe('dates', () => {
  const today = dayjs('2026-03-15');

  it('defaults to the last 30 days ending yesterday', () => {
    expect(defaultReportRange(today)).toEqual({ startDate: '2026-02-13', endDate: '2026-03-14' });
  });

  it('reads a valid range and falls back on bad or missing values', () => {
    expect(parseDateRange(new URLSearchParams('startDate=2026-01-01&endDate=2026-01-31'), today)).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    const fallback = defaultReportRange(today);
    expect(parseDateRange(new URLSearchParams(''), today)).toEqual(fallback);
    expect(parseDateRange(new URLSearchParams('startDate=2026-02-30&endDate=2026-03-01'), today)).toEqual(fallback);
    expect(parseDateRange(new URLSearchParams('startDate=2026-03-10&endDate=2026-03-01'), today)).toEqual(fallback);
    expect(parseDateRange(new URLSearchParams('startDate=yesterday&endDate=2026-03-01'), today)).toEqual(fallback);
  });

  it('formats dates as the spec shows them', () => {
    expect(formatDisplayDate('2026-03-04')).toBe('03/04/2026');
    expect(formatMonth('2026-03-04')).toBe('Mar 2026');
    expect(formatDateRange('2026-03-01', '2026-03-31')).toBe('Mar 1 - Mar 31, 2026');
    expect(formatDateRange('2025-12-15', '2026-01-15')).toBe('Dec 15, 2025 - Jan 15, 2026');
  });
});
