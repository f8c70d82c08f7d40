import { reportMetrics } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  allMetricsOn,
  dayOptions,
  initialReportForm,
  inlineMetricLabels,
  toReportRequest,
  togglesDisabled,
  validateReportForm,
  withAllCampaigns,
  withAllMetrics,
  withCampaigns,
  withIntervalType,
  withPeriod,
} from './report-form';

const listed = ['11', '12', '13'];

describe('report generator form rules (spec 001 §2.13, §4, §5)', () => {
  it('defaults to the user’s email and the 3 previous full months', () => {
    const values = initialReportForm('me@dealer.test');
    expect(values).toMatchObject({ email: 'me@dealer.test', period: 'last_3_months', campaigns: [], recurring: false });
  });

  it('a new period clears the campaigns and All', () => {
    const chosen = withAllCampaigns(initialReportForm('a@b.co'), true, listed);
    expect(chosen.campaigns).toEqual(listed);
    expect(withPeriod(chosen, 'last_month')).toMatchObject({
      period: 'last_month',
      campaigns: [],
      allCampaigns: false,
    });
  });

  it('All campaigns selects every listed one; removing one unsets All', () => {
    const all = withAllCampaigns(initialReportForm('a@b.co'), true, listed);
    expect(all.allCampaigns).toBe(true);
    const removed = withCampaigns(all, ['11', '13'], listed);
    expect(removed).toMatchObject({ allCampaigns: false, campaigns: ['11', '13'] });
    expect(withCampaigns(removed, ['11', '13', '12'], listed).allCampaigns).toBe(true);
    expect(withAllCampaigns(all, false, listed).campaigns).toEqual([]);
  });

  it('the metrics All toggle sets every metric and is on only when all are on', () => {
    const values = withAllMetrics(initialReportForm('a@b.co'), true);
    expect(allMetricsOn(values)).toBe(true);
    expect(allMetricsOn({ ...values, metrics: { ...values.metrics, ctr: false } })).toBe(false);
    expect(allMetricsOn(withAllMetrics(values, false))).toBe(false);
  });

  it('toggles are disabled until a campaign is chosen', () => {
    const values = initialReportForm('a@b.co');
    expect(togglesDisabled(values)).toBe(true);
    expect(togglesDisabled(withCampaigns(values, ['11'], listed))).toBe(false);
  });

  it('shows the first 4 selected metrics inline and the rest as + N more', () => {
    const values = withAllMetrics(initialReportForm('a@b.co'), true);
    expect(inlineMetricLabels(values)).toEqual({
      inline: ['Booking Month', 'Agency', 'Client', 'Campaign'],
      more: reportMetrics.length - 4,
    });
  });

  it('changing Every clears the day; weekly days Monday 1 … Sunday 7, monthly 1st … 31st', () => {
    const values = { ...withIntervalType(initialReportForm('a@b.co'), 'day'), day: '3' };
    expect(withIntervalType(values, 'month').day).toBeNull();
    expect(dayOptions('day')[0]).toEqual({ value: '1', label: 'Monday' });
    expect(dayOptions('day').at(-1)).toEqual({ value: '7', label: 'Sunday' });
    expect(
      dayOptions('month')
        .map((o) => o.label)
        .slice(0, 3),
    ).toEqual(['1st', '2nd', '3rd']);
    expect(dayOptions('month')).toHaveLength(31);
    expect(dayOptions(null)).toEqual([]);
  });

  it('validates with the texts of spec 001 §5', () => {
    const values = withCampaigns(initialReportForm(''), ['11'], listed);
    expect(validateReportForm(values).email).toBe('Email is required');
    expect(validateReportForm({ ...values, email: 'x@' }).email).toBe('Invalid email address');
    expect(validateReportForm({ ...values, email: 'a@b.co', reportFormat: null }).reportFormat).toBe(
      'Report format is required',
    );
    expect(validateReportForm({ ...values, email: 'a@b.co', period: null }).period).toBe('Period is required');
    expect(validateReportForm({ ...values, email: 'a@b.co', reportFormat: 'google_sheet' }).sheet_url).toBe(
      'Google sheet URL is required',
    );
    expect(validateReportForm({ ...values, email: 'a@b.co', recurring: true, intervalType: 'day' }).day).toBe(
      'Choose a day',
    );
    expect(validateReportForm({ ...values, email: 'a@b.co' })).toEqual({});
  });

  it('builds the request body of spec 001 §7', () => {
    const values = { ...withCampaigns(initialReportForm('a@b.co'), ['11', '12'], listed), recurring: true };
    const body = toReportRequest(
      { ...withIntervalType(values, 'month'), day: '31' },
      { organizationId: 1, dealershipId: 2 },
    );
    expect(body).toMatchObject({
      email: 'a@b.co',
      campaigns: [11, 12],
      reportFormat: 'xlsx',
      period: 'last_3_months',
      recurring: true,
      recurring_interval: { type: 'month', day: 31 },
      scheduleDay: 31,
      organization_id: 1,
      dealership_id: 2,
    });
  });
});
