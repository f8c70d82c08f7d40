import { describe, expect, it } from 'vitest';
import {
  monthOverMonthColumns,
  monthOverMonthColumnsByCode,
  monthOverMonthRange,
  monthsOf,
  ordinal,
  reportPeriodRange,
  reportPeriods,
  reportRequestSchema,
  selectedMetrics,
  spreadsheetIdOf,
} from '../src';

describe('report periods (spec 001 §9)', () => {
  it('computes every option mid-year', () => {
    const today = '2026-07-15';
    expect(reportPeriodRange('last_month', today)).toEqual({ startDate: '2026-06-01', endDate: '2026-06-30' });
    expect(reportPeriodRange('last_3_months', today)).toEqual({ startDate: '2026-04-01', endDate: '2026-06-30' });
    expect(reportPeriodRange('last_6_months', today)).toEqual({ startDate: '2026-01-01', endDate: '2026-06-30' });
    expect(reportPeriodRange('previous_year', today)).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(reportPeriodRange('year_to_date', today)).toEqual({ startDate: '2026-01-01', endDate: '2026-06-30' });
  });

  it('crosses the year boundary in January and February', () => {
    const jan = '2027-01-01';
    expect(reportPeriodRange('last_month', jan)).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(reportPeriodRange('last_3_months', jan)).toEqual({ startDate: '2026-10-01', endDate: '2026-12-31' });
    expect(reportPeriodRange('last_6_months', jan)).toEqual({ startDate: '2026-07-01', endDate: '2026-12-31' });
    expect(reportPeriodRange('previous_year', jan)).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' });
    // No month of 2027 has ended yet: the year to date is the whole of last year.
    expect(reportPeriodRange('year_to_date', jan)).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' });
    const feb = '2027-02-28';
    expect(reportPeriodRange('last_3_months', feb)).toEqual({ startDate: '2026-11-01', endDate: '2027-01-31' });
    expect(reportPeriodRange('year_to_date', feb)).toEqual({ startDate: '2027-01-01', endDate: '2027-01-31' });
  });

  it('ends months on their last day, leap years included', () => {
    expect(reportPeriodRange('last_month', '2028-03-31')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(reportPeriodRange('last_month', '2027-03-01')).toEqual({ startDate: '2027-02-01', endDate: '2027-02-28' });
    expect(reportPeriodRange('last_month', '2026-12-31')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
  });

  it('every period is whole months that ended before today', () => {
    for (const today of ['2026-01-01', '2026-03-15', '2026-12-31', '2028-02-29']) {
      for (const period of reportPeriods) {
        const range = reportPeriodRange(period, today);
        expect(range.startDate.endsWith('-01')).toBe(true);
        expect(range.endDate < today).toBe(true);
        expect(range.startDate <= range.endDate).toBe(true);
      }
    }
  });

  it('month-over-month windows end today and cover 3 or 6 calendar months', () => {
    expect(monthOverMonthRange('3_month', '2027-01-20')).toEqual({ startDate: '2026-11-01', endDate: '2027-01-20' });
    expect(monthOverMonthRange('6_month', '2027-01-20')).toEqual({ startDate: '2026-08-01', endDate: '2027-01-20' });
    expect(monthsOf(monthOverMonthRange('6_month', '2027-01-20'))).toEqual([
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
    ]);
  });
});

describe('month-over-month columns by product code (spec 001 §2.12)', () => {
  it('covers every code of the spec', () => {
    const codes = 'MOB, DSP, VLA, OTT, CTV, VID, SEM, MSE, DYD, INV, DYN, FDL, DSL, TRV, AZV, AZD, FDS, DOH'.split(
      ', ',
    );
    expect(Object.keys(monthOverMonthColumnsByCode).sort()).toEqual([...codes].sort());
  });
  it('gives video views and VTR, search impression share, display conversions, DOH impressions only', () => {
    for (const code of ['OTT', 'CTV', 'VID', 'AZV'])
      expect(monthOverMonthColumns(code)).toEqual(['impressions', 'views', 'vtr', 'completions']);
    expect(monthOverMonthColumns('sem')).toEqual(['impressions', 'clicks', 'ctr', 'impression_share', 'calls']);
    expect(monthOverMonthColumns('VLA')).toContain('sales');
    expect(monthOverMonthColumns('DSP')).toEqual(['impressions', 'clicks', 'ctr', 'conversions', 'sales']);
    expect(monthOverMonthColumns('FDL')).toContain('leads');
    expect(monthOverMonthColumns('DOH')).toEqual(['impressions']);
    expect(monthOverMonthColumns('XYZ')).toEqual(['impressions', 'clicks', 'ctr']);
  });
});

describe('report request rules (spec 001 §5)', () => {
  const valid = {
    email: 'a@b.co',
    campaigns: [1],
    metrics: { impressions: true, clicks: false },
    conversions: {},
    reportFormat: 'xlsx',
    period: 'last_3_months',
  };
  const messages = (body: object) => {
    const result = reportRequestSchema.safeParse(body);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('accepts a complete request', () => {
    expect(messages(valid)).toEqual([]);
  });
  it('requires an email and checks its pattern', () => {
    expect(messages({ ...valid, email: '' })).toContain('email: Email is required');
    expect(messages({ ...valid, email: 'not-an-email' })).toContain('email: Invalid email address');
  });
  it('requires a format and a period', () => {
    expect(messages({ ...valid, reportFormat: null })).toContain('reportFormat: Report format is required');
    expect(messages({ ...valid, period: null })).toContain('period: Period is required');
  });
  it('requires a sheet URL for google_sheet only', () => {
    expect(messages({ ...valid, reportFormat: 'google_sheet' })).toContain('sheet_url: Google sheet URL is required');
    expect(messages({ ...valid, reportFormat: 'google_sheet', sheet_url: 'https://example.com/x' })).toHaveLength(1);
    expect(
      messages({
        ...valid,
        reportFormat: 'google_sheet',
        sheet_url: 'https://docs.google.com/spreadsheets/d/abcdefghijklmnop/edit',
      }),
    ).toEqual([]);
  });
  it('requires a weekly day 1–7 or a monthly day 1–31 when recurring', () => {
    expect(messages({ ...valid, recurring: true, recurring_interval: { type: 'day', day: 8 } })).toHaveLength(1);
    expect(messages({ ...valid, recurring: true, recurring_interval: { type: 'day', day: 7 } })).toEqual([]);
    expect(messages({ ...valid, recurring: true, recurring_interval: { type: 'month', day: 31 } })).toEqual([]);
    expect(messages({ ...valid, recurring: true, recurring_interval: { type: 'month', day: null } })).toHaveLength(1);
    expect(messages({ ...valid, recurring: true, recurring_interval: { type: null, day: 3 } })).toHaveLength(1);
  });
  it('requires a campaign', () => {
    expect(messages({ ...valid, campaigns: [] })).toContain('campaigns: Choose at least one campaign');
  });
  it('lists selected metrics in canonical order and reads sheet ids', () => {
    expect(selectedMetrics({ views: true, impressions: true, ctr: false })).toEqual(['impressions', 'views']);
    expect(spreadsheetIdOf('https://docs.google.com/spreadsheets/d/1AbC_def-GHIjkl/edit#gid=0')).toBe(
      '1AbC_def-GHIjkl',
    );
    expect(spreadsheetIdOf('https://example.com')).toBeNull();
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });
});
