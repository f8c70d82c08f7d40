import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audienceMetricsSchema,
  budgetResponseSchema,
  campaignReportSchema,
  completionPercent,
  ctrPercent,
  deliveryPercent,
  displayMetricsSchema,
  errorResponseSchema,
  frequency,
  productCatalog,
  reportSectionNames,
  vtrPercent,
} from '@portal/contracts';
import { build, login, readDemoFile, type TestContext, authHeaders } from '../../helper';
import { createOtherTenant, OTHER } from '../../factories/other-tenant';
import {
  ALL_DAYS,
  FIXTURE,
  loadReportFixtures,
  queryString,
  RANGE,
  readFixture,
  removeReportFixtures,
  tenantBase,
} from '../../factories/report-fixtures';
import {
  agencyTimeZone,
  inRange,
  localDay,
  num,
  ofCampaign,
  roundTo,
  sum,
  type Range,
} from '../../factories/report-expectations';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await build();
  await createOtherTenant(t.database.db);
  await loadReportFixtures(t);
  cookie = await login(t.app, 'agency@demo.test');
});
afterAll(async () => {
  await removeReportFixtures(t);
  await t.close();
});

const get = (path: string, dealershipId: number = FIXTURE.dealershipId) =>
  t.app.inject({ method: 'GET', url: `${tenantBase(dealershipId)}${path}`, headers: authHeaders(cookie) });

const campaigns = () => readFixture('campaigns');
const campaignRow = (id: number) => campaigns().find((c) => c.client_campaign_id === String(id))!;
const dealershipOf = (id: number) => Number(campaignRow(id).dealership_id);
const daily = (id: number, range: Range) =>
  ofCampaign(readFixture('campaign_daily_metrics'), id)
    .filter((r) => inRange(r.date, range))
    .sort((a, b) => (a.date! < b.date! ? -1 : 1));

function expectedSections(id: number, range: Range) {
  const tz = agencyTimeZone();
  const byDate = (entity: string) => ofCampaign(readFixture(entity), id).filter((r) => inRange(r.date, range)).length;
  const byLocalDay = (entity: string) =>
    ofCampaign(readFixture(entity), id).filter((r) => inRange(localDay(r.datetime!, tz), range)).length;
  return {
    placements: byDate('campaign_placements'),
    demographics: byDate('campaign_demographics'),
    dmas: byDate('campaign_dmas'),
    sites: byDate('campaign_sites'),
    creatives: byDate('campaign_creative_metrics'),
    vehicles: byDate('campaign_vehicles'),
    keywords: byDate('campaign_keywords'),
    conversions: byDate('campaign_conversions'),
    utms: byDate('campaign_utms'),
    calls: byLocalDay('phone_calls'),
    audience_sizes: byDate('campaign_audience_sizes'),
    leads: byLocalDay('campaign_leads'),
    locations: byDate('campaign_locations'),
    events: ofCampaign(readFixture('campaign_events'), id).filter((r) => inRange(r.event_date, range)).length,
  };
}

describe('GET .../campaigns/{id}/report', () => {
  it.each([RANGE, ALL_DAYS, { start_date: '2026-11-14', end_date: '2026-11-14' }])(
    'answers header, totals, daily rows and section counts computed from the files (%o)',
    async (range) => {
      for (const source of campaigns()) {
        const id = Number(source.client_campaign_id);
        const response = await get(`/campaigns/${id}/report${queryString(range)}`, dealershipOf(id));
        expect(response.statusCode, response.body).toBe(200);
        const body = campaignReportSchema.parse(response.json());
        const days = daily(id, range);
        const s = (column: string) => sum(days, column);
        const reachDays = days.filter((d) => d.reach !== '');
        const reach = reachDays.length === 0 ? null : sum(reachDays, 'reach');
        const booked = source.booked_impressions ? Number(source.booked_impressions) : null;
        const dealership =
          id === FIXTURE.dynOff
            ? readFixture('dealerships')[0]!
            : readDemoFile('dealerships').find((d) => d.id === source.dealership_id)!;
        expect(body.campaign).toEqual({
          client_campaign_id: id,
          client_campaign_display_name: source.client_campaign_display_name,
          vendor_campaign_name: source.vendor_campaign_name || null,
          product_code: source.product_code,
          product_name: source.product_name,
          family: productCatalog[source.product_code as keyof typeof productCatalog].family,
          campaign_status: source.campaign_status,
          start_date: source.start_date,
          end_date: source.end_date,
          dealership_id: Number(source.dealership_id),
          dealership_name: dealership.name,
          budget: source.budget ? Number(source.budget) : null,
          demand_local_net: source.demand_local_net ? Number(source.demand_local_net) : null,
          booked_impressions: booked,
          show_roas: source.show_roas === '1',
          show_site_list: source.show_site_list === '1',
          show_ad_previews: source.show_ad_previews === '1',
          enable_facebook_campaign_conversions: dealership.enable_facebook_campaign_conversions === '1',
        });
        expect(body.range).toEqual(range);
        expect(body.totals).toEqual({
          impressions: s('impressions'),
          clicks: s('clicks'),
          views: s('views'),
          reach,
          spend: Math.round(days.reduce((total, d) => total + Math.round(num(d.spend) * 100), 0)) / 100,
          conversions: s('conversions'),
          sales: s('sales'),
          calls: s('calls'),
          leads: s('leads'),
          video_25: s('video_25'),
          video_50: s('video_50'),
          video_75: s('video_75'),
          video_100: s('video_100'),
          ctr: ctrPercent(s('clicks'), s('impressions')),
          vtr: vtrPercent(s('views'), s('impressions')),
          frequency: frequency(s('impressions'), reach),
          delivery: deliveryPercent(s('impressions'), booked),
          completion_25: completionPercent(s('video_25'), s('impressions')),
          completion_50: completionPercent(s('video_50'), s('impressions')),
          completion_75: completionPercent(s('video_75'), s('impressions')),
          completion_100: completionPercent(s('video_100'), s('impressions')),
        });
        expect(body.daily).toEqual(
          days.map((d) => ({
            date: d.date,
            impressions: num(d.impressions),
            clicks: num(d.clicks),
            views: num(d.views),
            reach: d.reach === '' ? null : num(d.reach),
            spend: num(d.spend),
            conversions: num(d.conversions),
            sales: num(d.sales),
            calls: num(d.calls),
            leads: num(d.leads),
            video_100: num(d.video_100),
            ctr: ctrPercent(num(d.clicks), num(d.impressions)),
          })),
        );
        expect(Object.keys(body.sections).sort()).toEqual([...reportSectionNames].sort());
        expect(body.sections, `sections of ${id}`).toEqual(expectedSections(id, range));
      }
    },
  );

  it('the fixtures exercise every section, reach and the video quartiles', async () => {
    const seen = new Set<string>();
    for (const source of campaigns()) {
      const id = Number(source.client_campaign_id);
      for (const [name, n] of Object.entries(expectedSections(id, ALL_DAYS))) if (n > 0) seen.add(name);
    }
    expect([...seen].sort()).toEqual([...reportSectionNames].sort());
    const body = campaignReportSchema.parse(
      (await get(`/campaigns/${FIXTURE.fbd}/report${queryString(RANGE)}`)).json(),
    );
    expect(body.totals.reach).toBeGreaterThan(0);
    expect(body.totals.frequency).not.toBeNull();
    expect(body.totals.completion_25).toBeGreaterThan(0);
  });

  it('answers 404 for a campaign of another dealership or agency, and 400 for a reversed range', async () => {
    for (const id of [FIXTURE.dynOff, OTHER.campaignId, 123456789]) {
      const response = await get(`/campaigns/${id}/report${queryString(RANGE)}`);
      expect(response.statusCode).toBe(404);
      expect(errorResponseSchema.parse(response.json()).error.message).toBe('Campaign not found');
    }
    const reversed = await get(`/campaigns/${FIXTURE.dyd}/report?start_date=2026-11-14&end_date=2026-11-01`);
    expect(reversed.statusCode).toBe(400);
    expect(errorResponseSchema.parse(reversed.json()).error.code).toBe('VALIDATION_FAILED');
  });
});

describe('every report call of a campaign answers 404 for another tenant’s campaign', () => {
  it('fills each route with the other agency’s campaign id under dealership 101', async () => {
    const routes = t.app.routeTable.filter(
      (r) => r.method === 'GET' && r.url.includes(':campaign_id') && r.url.includes(':dealership_id'),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      for (const id of [OTHER.campaignId, FIXTURE.dynOff]) {
        const url =
          route.url
            .replace(':organization_id', '1')
            .replace(':dealership_id', String(FIXTURE.dealershipId))
            .replace(':campaign_id', String(id)) +
          queryString(RANGE, { startDate: RANGE.start_date, endDate: RANGE.end_date, site: 'news.example.com' });
        const response = await t.app.inject({ method: 'GET', url, headers: authHeaders(cookie) });
        expect(response.statusCode, `${route.url} ${id}`).toBe(404);
        expect(errorResponseSchema.parse(response.json()).error.message).toBe('Campaign not found');
      }
    }
  });
});

describe('GET .../campaigns/{id}/budget', () => {
  const prorate = (id: number, range: Range) => {
    const c = campaignRow(id);
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
    const flight = day(c.end_date!) - day(c.start_date!) + 1;
    const inside = Math.max(
      0,
      Math.min(day(c.end_date!), day(range.end_date)) - Math.max(day(c.start_date!), day(range.start_date)) + 1,
    );
    const amount = (v: string | undefined) => (v ? Math.round(Number(v) * (inside / flight) * 100) / 100 : null);
    return { gross_revenue: amount(c.budget), demand_local_net: amount(c.demand_local_net) };
  };

  it.each([
    RANGE,
    { start_date: '2026-09-01', end_date: '2026-10-10' },
    { start_date: '2026-11-20', end_date: '2027-01-31' },
    { start_date: '2025-01-01', end_date: '2025-01-31' },
  ])('prorates budget and net by the range days inside the flight (%o)', async (range) => {
    for (const source of campaigns()) {
      const id = Number(source.client_campaign_id);
      const response = await get(`/campaigns/${id}/budget${queryString(range)}`, dealershipOf(id));
      expect(response.statusCode).toBe(200);
      expect(budgetResponseSchema.parse(response.json()), `budget of ${id}`).toEqual(prorate(id, range));
    }
    // A whole flight gives the whole amounts.
    const whole = await get(`/campaigns/${FIXTURE.dyd}/budget?start_date=2026-10-01&end_date=2026-11-30`);
    expect(whole.json()).toEqual({ gross_revenue: 3050, demand_local_net: 2440.5 });
  });
});

describe('audience campaigns', () => {
  it('GET .../campaigns/audiences/{id} answers the campaign; 404 for a campaign that is not an audience one', async () => {
    const source = campaignRow(FIXTURE.audience);
    const response = await get(`/campaigns/audiences/${FIXTURE.audience}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      client_campaign_id: FIXTURE.audience,
      vendor_campaign_name: source.vendor_campaign_name,
      client_campaign_display_name: source.client_campaign_display_name,
      campaign_status: source.campaign_status,
      start_date: source.start_date,
      end_date: source.end_date,
    });
    for (const path of [
      `/campaigns/audiences/${FIXTURE.dyd}`,
      `/campaigns/audiences/${FIXTURE.dyd}/metrics${queryString(RANGE)}`,
    ])
      expect((await get(path)).statusCode).toBe(404);
  });

  it('GET .../campaigns/audiences/{id}/metrics sums the range and trends the audience size', async () => {
    const response = await get(`/campaigns/audiences/${FIXTURE.audience}/metrics${queryString(RANGE)}`);
    expect(response.statusCode).toBe(200);
    const body = audienceMetricsSchema.parse(response.json());
    const days = daily(FIXTURE.audience, RANGE);
    expect(body.overallMetrics).toEqual({
      impressions: sum(days, 'impressions'),
      clicks: sum(days, 'clicks'),
      ctr: ctrPercent(sum(days, 'clicks'), sum(days, 'impressions')),
    });
    expect(body.metrics).toEqual(
      days.map((d) => ({
        date: d.date,
        impressions: num(d.impressions),
        clicks: num(d.clicks),
        ctr: ctrPercent(num(d.clicks), num(d.impressions)),
      })),
    );
    const sizes = ofCampaign(readFixture('campaign_audience_sizes'), FIXTURE.audience)
      .filter((r) => inRange(r.date, RANGE))
      .sort((a, b) => (a.date! < b.date! ? -1 : 1));
    expect(sizes.length).toBeGreaterThan(2);
    const first = num(sizes[0]!.audience_size);
    const last = num(sizes.at(-1)!.audience_size);
    expect(body.audience).toEqual({
      trends: sizes.map((r) => ({ date: r.date, customersSize: num(r.audience_size) })),
      size: last,
      change_percent: roundTo(((last - first) / first) * 100, 1),
    });
    const oneDay = audienceMetricsSchema.parse(
      (await get(`/campaigns/audiences/${FIXTURE.audience}/metrics?start_date=2026-11-14&end_date=2026-11-14`)).json(),
    );
    expect(oneDay.audience.change_percent).toBeNull();
    expect(oneDay.audience.trends).toHaveLength(1);
  });
});

describe('GET .../campaigns/display/dyd/{id}/metrics', () => {
  it('answers the DYD cards and daily points from the files', async () => {
    for (const id of [FIXTURE.dyd, FIXTURE.dydOff]) {
      const source = campaignRow(id);
      const response = await get(`/campaigns/display/dyd/${id}/metrics${queryString(RANGE)}`);
      expect(response.statusCode).toBe(200);
      const days = daily(id, RANGE);
      const booked = source.booked_impressions ? Number(source.booked_impressions) : null;
      expect(displayMetricsSchema.parse(response.json())).toEqual({
        client_campaign_display_name: source.client_campaign_display_name,
        show_roas: source.show_roas === '1',
        show_site_list: source.show_site_list === '1',
        show_ad_previews: source.show_ad_previews === '1',
        impressions: sum(days, 'impressions'),
        clicks: sum(days, 'clicks'),
        ctr: ctrPercent(sum(days, 'clicks'), sum(days, 'impressions')),
        booked_impressions: booked,
        delivery: deliveryPercent(sum(days, 'impressions'), booked),
        calls: sum(days, 'calls'),
        sales: sum(days, 'sales'),
        metrics: days.map((d) => ({
          date: d.date,
          impressions: num(d.impressions),
          clicks: num(d.clicks),
          ctr: ctrPercent(num(d.clicks), num(d.impressions)),
        })),
      });
    }
  });
});
