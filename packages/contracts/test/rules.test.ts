import { describe, expect, it } from 'vitest';
import {
  ctrPercent,
  deliveryPercent,
  formatCurrency,
  formatInteger,
  formatPercent,
  frequency,
  isoDateSchema,
  listManagedCampaignsQuerySchema,
  reportRouteSegment,
  timeToConvertLabel,
  vtrPercent,
} from '../src';

describe('spec 000 §9 metric rules', () => {
  it('CTR is a percent rounded to two decimals, null (N/A) without impressions', () => {
    expect(ctrPercent(25, 1000)).toBe(2.5);
    expect(ctrPercent(1, 3)).toBe(33.33);
    expect(ctrPercent(2, 3)).toBe(66.67);
    expect(ctrPercent(1, 800)).toBe(0.13);
    expect(ctrPercent(0, 0)).toBeNull();
    expect(ctrPercent(5, null)).toBeNull();
    expect(ctrPercent(undefined, 10)).toBeNull();
  });

  it('VTR follows the same rounding', () => {
    expect(vtrPercent(1, 8)).toBe(12.5);
    expect(vtrPercent(1, 0)).toBeNull();
  });

  it('frequency is impressions over reach to two decimals', () => {
    expect(frequency(1000, 300)).toBe(3.33);
    expect(frequency(1000, 0)).toBeNull();
    expect(frequency(1000, null)).toBeNull();
  });

  it('delivery is impressions over booked impressions as a percent to one decimal', () => {
    expect(deliveryPercent(45_678, 100_000)).toBe(45.7);
    expect(deliveryPercent(120_000, 100_000)).toBe(120);
    expect(deliveryPercent(10, 0)).toBeNull();
  });

  it("average time to convert shows '<1 day' below 1, else whole days", () => {
    expect(timeToConvertLabel(0.4)).toBe('<1 day');
    expect(timeToConvertLabel(1)).toBe('1 day');
    expect(timeToConvertLabel(3.9)).toBe('3 days');
    expect(timeToConvertLabel(null)).toBeNull();
  });

  it('formats numbers for screens and exports, N/A for missing values', () => {
    expect(formatInteger(1234567)).toBe('1,234,567');
    expect(formatCurrency(5000)).toBe('$5,000.00');
    expect(formatPercent(2.5)).toBe('2.50%');
    expect(formatPercent(null)).toBe('N/A');
  });

  it('report routes are the lower-cased product code', () => {
    expect(reportRouteSegment('DYD')).toBe('dyd');
    expect(reportRouteSegment('AUDIENCE')).toBe('audience');
  });
});

describe('wire formats', () => {
  it('accepts only real calendar dates as YYYY-MM-DD', () => {
    expect(isoDateSchema.safeParse('2026-02-28').success).toBe(true);
    expect(isoDateSchema.safeParse('2026-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse('2028-02-29').success).toBe(true);
    expect(isoDateSchema.safeParse('11/22/2026').success).toBe(false);
  });

  it('parses table state from query strings with defaults', () => {
    const parsed = listManagedCampaignsQuerySchema.parse({
      startDate: '2026-11-01',
      endDate: '2026-11-21',
      sorting: '[{"id":"impressions","desc":true}]',
      filters: '[{"id":"campaign_status","value":["active","pending"]}]',
    });
    expect(parsed).toMatchObject({
      pageIndex: 0,
      pageSize: 500,
      sorting: [{ id: 'impressions', desc: true }],
      filters: [{ id: 'campaign_status', value: ['active', 'pending'] }],
    });
    expect(listManagedCampaignsQuerySchema.safeParse({ startDate: '2026-11-21', endDate: '2026-11-01' }).success).toBe(
      false,
    );
    expect(
      listManagedCampaignsQuerySchema.safeParse({ startDate: '2026-11-01', endDate: '2026-11-21', sorting: '{' })
        .success,
    ).toBe(false);
  });
});
