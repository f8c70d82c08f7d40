import { describe, expect, it } from 'vitest';
import {
  changePercent,
  formatChange,
  reportKpis,
  summaryKpis,
  summarySentences,
  type CampaignReport,
  type ReportTotals,
} from '../src';

const zeroTotals: ReportTotals = {
  impressions: 0,
  clicks: 0,
  views: 0,
  reach: null,
  spend: 0,
  conversions: 0,
  sales: 0,
  calls: 0,
  leads: 0,
  video_25: 0,
  video_50: 0,
  video_75: 0,
  video_100: 0,
  ctr: null,
  vtr: null,
  frequency: null,
  delivery: null,
  completion_25: null,
  completion_50: null,
  completion_75: null,
  completion_100: null,
};

function report(
  totals: Partial<ReportTotals>,
  options: { family?: string; range?: [string, string]; daily?: Array<[string, number]>; booked?: number | null } = {},
): CampaignReport {
  const [start_date, end_date] = options.range ?? ['2026-11-01', '2026-11-30'];
  return {
    campaign: {
      client_campaign_id: 1,
      client_campaign_display_name: 'Test',
      vendor_campaign_name: null,
      product_code: 'DSP',
      product_name: 'Programmatic Display',
      family: options.family ?? 'display',
      campaign_status: 'active',
      start_date: '2026-10-01',
      end_date: '2026-12-31',
      dealership_id: 1,
      dealership_name: 'Dealer',
      budget: null,
      demand_local_net: null,
      booked_impressions: options.booked ?? null,
      show_roas: false,
      show_site_list: false,
      show_ad_previews: false,
      enable_facebook_campaign_conversions: false,
    },
    range: { start_date, end_date },
    totals: { ...zeroTotals, ...totals },
    daily: (options.daily ?? []).map(([date, impressions]) => ({
      date,
      impressions,
      clicks: 0,
      views: 0,
      reach: null,
      spend: 0,
      conversions: 0,
      sales: 0,
      calls: 0,
      leads: 0,
      video_100: 0,
      ctr: null,
    })),
    sections: {},
  } as CampaignReport;
}

describe('report KPIs and the executive summary (issue 20 §1)', () => {
  it('changes are relative, one decimal, null without a previous value', () => {
    expect(changePercent(112, 100)).toBe(12);
    expect(changePercent(0.27, 0.31)).toBe(-12.9);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(41, 588_600)).toBe(-99.9);
    expect(changePercent(0, 588_600)).toBe(-100);
    expect(changePercent(null, 3)).toBeNull();
    expect(formatChange(12)).toBe('+12%');
    expect(formatChange(-3.45)).toBe('−3.5%');
  });

  it('which direction is good is defined per metric', () => {
    for (const definition of Object.values(reportKpis)) expect(['up', 'down', 'neutral']).toContain(definition.good);
    const kpis = summaryKpis(
      report({ impressions: 1_200_000, clicks: 3_240, ctr: 0.27, conversions: 10 }),
      report({ impressions: 1_071_429, clicks: 3_321, ctr: 0.31, conversions: 10 }),
    );
    expect(kpis.map((k) => [k.label, k.change, k.favorable])).toEqual([
      ['Impressions', 12, true],
      ['Clicks', -2.4, false],
      ['CTR', -12.9, false],
      ['Conversions', 0, null],
    ]);
  });

  it('writes plain sentences from the numbers', () => {
    const sentences = summarySentences(
      report(
        { impressions: 1_200_000, clicks: 3_240, ctr: 0.27, conversions: 10, delivery: 80 },
        {
          booked: 1_500_000,
          daily: [
            ['2026-11-02', 50_000],
            ['2026-11-12', 85_000],
          ],
        },
      ),
      report(
        { impressions: 1_071_429, clicks: 3_321, ctr: 0.31, conversions: 10 },
        { range: ['2026-10-02', '2026-10-31'] },
      ),
      { topVehicle: { name: '2019 Ford Edge Titanium', impressions: 3_600_000 } },
    );
    expect(sentences).toEqual([
      'Impressions rose 12% to 1.2M against the previous 30 days while CTR fell from 0.31% to 0.27%.',
      'Clicks fell 2.4% to 3.2K and conversions held at 10.',
      'The busiest day was Nov 12, 2026 with 85K impressions.',
      'Top vehicle: 2019 Ford Edge Titanium, 3.6M impressions.',
      'Impressions in this period are 80.0% of the 1.5M booked.',
    ]);
  });

  it('says when the previous period had nothing, and when the range has no delivery', () => {
    const [lead] = summarySentences(report({ impressions: 5_000, clicks: 20, ctr: 0.4 }), report({}));
    expect(lead).toBe(
      'Impressions reached 5K with a CTR of 0.40%; the previous 30 days had no impressions to compare with.',
    );
    expect(summarySentences(report({}), report({}))).toEqual([
      'No impressions were delivered from Nov 1, 2026 to Nov 30, 2026.',
    ]);
  });
});
