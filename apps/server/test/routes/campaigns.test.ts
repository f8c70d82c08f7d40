import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ctrPercent,
  listManagedCampaignsResponseSchema,
  managedCampaignDetailSchema,
  type ManagedCampaign,
} from '@portal/contracts';
import { build, login, readDemoFile, type TestContext, authHeaders } from '../helper';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await build();
  cookie = await login(t.app, 'agency@demo.test');
});
afterAll(() => t.close());

const base = (dealershipId: number) => `/api/agencies/1/dealership/${dealershipId}/campaigns`;

/** Expected totals computed directly from the ingested files, independent of the server's SQL. */
function expectedTotals(campaignId: string, startDate: string, endDate: string) {
  const rows = readDemoFile('campaign_daily_metrics').filter(
    (r) => r.client_campaign_id === campaignId && r.date! >= startDate && r.date! <= endDate,
  );
  const sum = (column: string) => rows.reduce((total, r) => total + Number(r[column] || 0), 0);
  return { impressions: sum('impressions'), clicks: sum('clicks'), views: sum('views'), days: rows.length };
}

describe('GET .../campaigns', () => {
  const campaigns = readDemoFile('campaigns');
  const dealershipIds = [...new Set(campaigns.map((c) => Number(c.dealership_id)))];

  it('the demo has campaigns on every dealership', () => {
    expect(readDemoFile('dealerships').length).toBeGreaterThanOrEqual(8);
    expect(dealershipIds.length).toBe(readDemoFile('dealerships').length);
  });

  it.each([
    ['2026-10-16', '2026-11-14'],
    ['2026-06-01', '2026-08-31'],
    ['2026-11-14', '2026-11-14'],
  ])('sums each campaign of every dealership from %s to %s exactly as the files do', async (startDate, endDate) => {
    let nonZero = 0;
    for (const dealershipId of dealershipIds) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${base(dealershipId)}?startDate=${startDate}&endDate=${endDate}`,
        headers: authHeaders(cookie),
      });
      expect(response.statusCode).toBe(200);
      const body = listManagedCampaignsResponseSchema.parse(response.json());
      const own = campaigns.filter((c) => Number(c.dealership_id) === dealershipId);
      expect(body.pagination.total).toBe(own.length);
      expect(body.data.map((c) => c.client_campaign_id).sort()).toEqual(
        own.map((c) => Number(c.client_campaign_id)).sort(),
      );
      for (const item of body.data) {
        const expected = expectedTotals(String(item.client_campaign_id), startDate, endDate);
        expect(item.impressions, `campaign ${item.client_campaign_id}`).toBe(expected.impressions);
        expect(item.clicks).toBe(expected.clicks);
        expect(item.views).toBe(expected.views);
        expect(item.ctr).toBe(ctrPercent(expected.clicks, expected.impressions));
        const source = own.find((c) => Number(c.client_campaign_id) === item.client_campaign_id)!;
        expect(item).toMatchObject({
          client_campaign_display_name: source.client_campaign_display_name,
          campaign_status: source.campaign_status,
          product_code: source.product_code,
          start_date: source.start_date,
          end_date: source.end_date,
          budget: source.budget ? Number(source.budget) : null,
          demand_local_net: source.demand_local_net ? Number(source.demand_local_net) : null,
        });
        if (expected.impressions > 0) nonZero += 1;
      }
    }
    if (startDate !== '2026-11-14') expect(nonZero).toBeGreaterThan(5);
  });

  it('sorts by impressions descending and filters by status', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${base(101)}?startDate=2026-09-01&endDate=2026-11-14&sorting=${encodeURIComponent(JSON.stringify([{ id: 'impressions', desc: true }]))}`,
      headers: authHeaders(cookie),
    });
    const impressions = response.json().data.map((c: ManagedCampaign) => c.impressions);
    expect(impressions).toEqual([...impressions].sort((a, b) => b - a));

    const pending = await t.app.inject({
      method: 'GET',
      url: `${base(101)}?startDate=2026-09-01&endDate=2026-11-14&filters=${encodeURIComponent(JSON.stringify([{ id: 'campaign_status', value: 'pending' }]))}`,
      headers: authHeaders(cookie),
    });
    const statuses = pending.json().data.map((c: ManagedCampaign) => c.campaign_status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['pending']));
    expect(pending.json().pagination.total).toBe(
      campaigns.filter((c) => c.dealership_id === '101' && c.campaign_status === 'pending').length,
    );
  });

  it('pages with pageIndex and pageSize and reports the total', async () => {
    const all = (
      await t.app.inject({
        method: 'GET',
        url: `${base(101)}?startDate=2026-09-01&endDate=2026-11-14`,
        headers: authHeaders(cookie),
      })
    ).json();
    const second = (
      await t.app.inject({
        method: 'GET',
        url: `${base(101)}?startDate=2026-09-01&endDate=2026-11-14&pageIndex=1&pageSize=2`,
        headers: authHeaders(cookie),
      })
    ).json();
    expect(second.pagination.total).toBe(all.pagination.total);
    expect(second.data.map((c: ManagedCampaign) => c.client_campaign_id)).toEqual(
      all.data.slice(2, 4).map((c: ManagedCampaign) => c.client_campaign_id),
    );
  });

  it.each([
    ['startDate=2026-13-01&endDate=2026-11-14', 'query.startDate'],
    ['startDate=2026-11-14&endDate=2026-11-01', 'query.endDate'],
    ['endDate=2026-11-01', 'query.startDate'],
    ['startDate=2026-11-01&endDate=2026-11-14&sorting=notjson', 'query.sorting'],
    ['startDate=2026-11-01&endDate=2026-11-14&pageSize=100000', 'query.pageSize'],
  ])('refuses %s with 400 naming %s', async (query, path) => {
    const response = await t.app.inject({ method: 'GET', url: `${base(101)}?${query}`, headers: authHeaders(cookie) });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });
});

describe('GET .../campaigns/summary', () => {
  it('counts active campaigns and sums their month-to-date impressions and clicks', async () => {
    const campaigns = readDemoFile('campaigns');
    for (const dealershipId of [101, 102, 201]) {
      const active = campaigns.filter(
        (c) => Number(c.dealership_id) === dealershipId && c.campaign_status === 'active',
      );
      let impressions = 0;
      let clicks = 0;
      for (const c of active) {
        const totals = expectedTotals(c.client_campaign_id!, '2026-11-01', '2026-11-15');
        impressions += totals.impressions;
        clicks += totals.clicks;
      }
      const response = await t.app.inject({
        method: 'GET',
        url: `${base(dealershipId)}/summary`,
        headers: authHeaders(cookie),
      });
      expect(response.json()).toEqual({
        start_date: '2026-11-01',
        end_date: '2026-11-15',
        active_campaigns: active.length,
        impressions,
        clicks,
      });
      expect(active.length).toBeGreaterThan(0);
    }
  });
});

describe('GET .../campaigns/{campaign_id}', () => {
  it('returns the campaign with its daily rows from the files', async () => {
    const campaign = readDemoFile('campaigns').find(
      (c) => c.dealership_id === '101' && c.campaign_status === 'active',
    )!;
    const response = await t.app.inject({
      method: 'GET',
      url: `${base(101)}/${campaign.client_campaign_id}?startDate=2026-10-01&endDate=2026-11-14`,
      headers: authHeaders(cookie),
    });
    expect(response.statusCode).toBe(200);
    const detail = managedCampaignDetailSchema.parse(response.json());
    const expected = expectedTotals(campaign.client_campaign_id!, '2026-10-01', '2026-11-14');
    expect(detail.impressions).toBe(expected.impressions);
    expect(detail.days.length).toBe(expected.days);
    expect(detail.dealership_name.length).toBeGreaterThan(0);
  });

  it('answers 404 for an id that is not the dealership’s', async () => {
    const other = readDemoFile('campaigns').find((c) => c.dealership_id !== '101')!;
    const response = await t.app.inject({
      method: 'GET',
      url: `${base(101)}/${other.client_campaign_id}?startDate=2026-10-01&endDate=2026-11-14`,
      headers: authHeaders(cookie),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST .../analytics/events', () => {
  it('records create_campaign and refuses unknown events', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/1/dealership/101/analytics/events',
      headers: authHeaders(cookie),
      payload: { name: 'create_campaign', properties: { tab: 'list' } },
    });
    expect(ok.statusCode).toBe(204);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/1/dealership/101/analytics/events',
      headers: authHeaders(cookie),
      payload: { name: 'drop_tables' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
