import { describe, expect, it } from 'vitest';
import { monthBefore, monthOverMonthChange, monthOverMonthChangeText, type MonthOverMonthRow } from '../src';

const row = (month: string, values: Partial<MonthOverMonthRow>): MonthOverMonthRow => ({
  month,
  start_date: `${month}-01`,
  end_date: `${month}-28`,
  budget: 1000,
  impressions: 0,
  views: 0,
  vtr: null,
  completions: 0,
  clicks: 0,
  ctr: null,
  impression_share: null,
  calls: 0,
  leads: 0,
  conversions: 0,
  sales: null,
  ...values,
});

describe('month over month changes (issue 20 §3)', () => {
  const rows = [
    row('2025-12', { impressions: 10_000, clicks: 31, ctr: 0.31, budget: 1000 }),
    row('2026-01', { impressions: 12_000, clicks: 32, ctr: 0.27, budget: 1000 }),
    row('2026-03', { impressions: 9_000, clicks: 9, ctr: 0.1 }),
  ];

  it('compares each month with the month before: value, percent and whether it is good', () => {
    expect(monthOverMonthChange('impressions', rows[1]!, rows)).toEqual({
      difference: 2000,
      percent: 20,
      favorable: true,
    });
    expect(monthOverMonthChange('ctr', rows[1]!, rows)).toEqual({
      difference: -0.04,
      percent: -12.9,
      favorable: false,
    });
    // A budget change is neither good nor bad; no change is neither.
    expect(monthOverMonthChange('budget', rows[1]!, rows)).toEqual({ difference: 0, percent: 0, favorable: null });
  });

  it('has no change for the first month, nor after a month without a row; N/A values give no number', () => {
    expect(monthOverMonthChange('impressions', rows[0]!, rows)).toBeNull();
    expect(monthOverMonthChange('impressions', rows[2]!, rows)).toBeNull();
    expect(monthOverMonthChange('sales', rows[1]!, rows)).toEqual({ difference: null, percent: null, favorable: null });
    expect(monthBefore('2026-01')).toBe('2025-12');
    expect(monthBefore('2026-11')).toBe('2026-10');
  });

  it('reads as signed values with the percent: counts, percentage points, dollars', () => {
    expect(monthOverMonthChangeText('impressions', monthOverMonthChange('impressions', rows[1]!, rows)!)).toBe(
      '+2,000 (+20%)',
    );
    expect(monthOverMonthChangeText('ctr', monthOverMonthChange('ctr', rows[1]!, rows)!)).toBe('−0.04 pts (−12.9%)');
    expect(monthOverMonthChangeText('budget', { difference: 120, percent: 5, favorable: null })).toBe('+$120.00 (+5%)');
    expect(monthOverMonthChangeText('clicks', { difference: 5, percent: null, favorable: true })).toBe('+5');
    expect(monthOverMonthChangeText('sales', { difference: null, percent: null, favorable: null })).toBe('-');
  });
});
