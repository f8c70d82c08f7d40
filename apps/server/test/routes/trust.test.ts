import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignTrust, DataHealthResponse, ListCampaignTrustResponse } from '@portal/contracts';
import {
  agencyTrustSettings,
  campaignFreshness,
  platformConnections,
  selfServiceCampaigns,
  selfServiceDailyMetrics,
  syncRuns,
} from '../../src/db/schema';
import { reportDataThrough } from '../../src/exports/pdf/report-cover';
import { ingestFolder } from '../../src/ingestion';
import { authHeaders, build, login, writeFiles, type TestContext } from '../helper';

/**
 * Issue 21 §1–2: freshness and pacing, with planted campaigns of dealership 101. The clock is
 * TEST_NOW (2026-11-15 12:00 in Chicago): yesterday 2026-11-14 is the pacing day and the day every
 * running source is expected to have delivered (noon is past the default stale hour, 10).
 *
 * Every flight runs 2026-11-01 … 2026-11-30 (30 days), 14 of them elapsed through 2026-11-14.
 */
let t: TestContext;
let agency = '';
let dealer = '';

const CAMPAIGN_HEADER =
  'client_campaign_id,dealership_id,client_campaign_display_name,vendor_campaign_name,campaign_status,start_date,end_date,product_code,product_name,campaign_type,vendor,budget,demand_local_net,booked_impressions,show_roas,show_site_list,show_ad_previews';
const METRICS_HEADER = 'client_campaign_id,date,impressions,clicks,views,reach,spend,conversions,sales,calls,leads';
const campaign = (id: number, budget: string, booked: string, status = 'active') =>
  `${id},101,Trust ${id},,${status},2026-11-01,2026-11-30,DYD,Display,display,TabMo,${budget},,${booked},0,0,0`;
/** Daily rows from Nov 1 through `lastDay` (a day of November) with the same delivery every day. */
const days = (id: number, lastDay: number, impressions: number, spend: number) =>
  Array.from(
    { length: lastDay },
    (_, i) => `${id},2026-11-${String(i + 1).padStart(2, '0')},${impressions},10,0,,${spend.toFixed(2)},0,0,0,0`,
  );

const ON_TRACK = 890001; // booked 300,000: 10,000 a day → 140,000 of 140,000 expected, 100 %
const UNDER = 890002; // booked 300,000: 8,000 a day → 112,000 of 140,000, 80 %
const OVER = 890003; // budget $3,000, no booked impressions: $120 a day → $1,680 of $1,400, 120 %
const STALE = 890004; // booked 300,000, its file set ends on Nov 12: stale
const ENDED = 890005; // ended: neither paced nor stale

beforeAll(async () => {
  t = await build();
  [agency, dealer] = await Promise.all([login(t.app, 'agency@demo.test'), login(t.app, 'dealer@demo.test')]);
  const metrics = [
    ...days(ON_TRACK, 14, 10_000, 50),
    ...days(UNDER, 14, 8_000, 40),
    ...days(OVER, 14, 5_000, 120),
    ...days(ENDED, 3, 1_000, 5),
  ];
  const campaigns = [
    campaign(ON_TRACK, '2500.00', '300000'),
    campaign(UNDER, '2500.00', '300000'),
    campaign(OVER, '3000.00', ''),
    campaign(STALE, '2500.00', '300000'),
    campaign(ENDED, '2500.00', '300000', 'ended'),
  ];

  const dir = await writeFiles({
    'campaigns.csv': `${CAMPAIGN_HEADER}\n${campaigns.join('\n')}\n`,
    'campaign_daily_metrics.csv': `${METRICS_HEADER}\n${metrics.join('\n')}\n`,
  });
  const outcome = await ingestFolder(t.database.db, dir);
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  // The stale campaign's numbers come in a file set of their own that ends on Nov 12.
  const late = await writeFiles({
    'campaign_daily_metrics.csv': `${METRICS_HEADER}\n${days(STALE, 12, 10_000, 50).join('\n')}\n`,
  });
  expect((await ingestFolder(t.database.db, late)).ok).toBe(true);
  // When the data arrived: 06:14 in Chicago on Nov 15 (CST, UTC−6).
  await t.database.db
    .update(campaignFreshness)
    .set({ arrivedAt: new Date('2026-11-15T12:14:00Z') })
    .where(sql`${campaignFreshness.campaignId} between 890001 and 890005`);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie = agency) => t.app.inject({ method: 'GET', url, headers: authHeaders(cookie) });
const DEALERSHIP = '/api/agencies/1/dealership/101';

async function trustOf(id: number): Promise<CampaignTrust> {
  const response = await get(`${DEALERSHIP}/campaigns/${id}/trust`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CampaignTrust;
}

describe('pacing', () => {
  it('a campaign at 80 % of its expected impressions is under-pacing, with its projection', async () => {
    expect((await trustOf(UNDER)).pacing).toEqual({
      basis: 'impressions',
      as_of: '2026-11-14',
      flight_days: 30,
      elapsed_days: 14,
      target: 300_000,
      expected_to_date: 140_000,
      actual_to_date: 112_000,
      pace_percent: 80,
      projected_impressions: 240_000,
      projected_spend: 1200,
      state: 'under',
      band: { low: 95, high: 105 },
    });
  });

  it('on track at 100 %; over-pacing on spend when the campaign has a budget but no booked impressions', async () => {
    const onTrack = (await trustOf(ON_TRACK)).pacing!;
    expect([onTrack.pace_percent, onTrack.state, onTrack.expected_to_date, onTrack.projected_impressions]).toEqual([
      100,
      'on_track',
      140_000,
      300_000,
    ]);
    expect((await trustOf(OVER)).pacing).toEqual({
      basis: 'spend',
      as_of: '2026-11-14',
      flight_days: 30,
      elapsed_days: 14,
      target: 3000,
      expected_to_date: 1400,
      actual_to_date: 1680,
      pace_percent: 120,
      projected_impressions: 150_000,
      projected_spend: 3600,
      state: 'over',
      band: { low: 95, high: 105 },
    });
    expect((await trustOf(ENDED)).pacing).toBeNull();
  });

  it("the agency's own band decides on track", async () => {
    await t.database.db.insert(agencyTrustSettings).values({ organizationId: 1, pacingLow: 75, pacingHigh: 125 });
    try {
      expect((await trustOf(UNDER)).pacing!.state).toBe('on_track');
      expect((await trustOf(OVER)).pacing!.band).toEqual({ low: 75, high: 125 });
    } finally {
      await t.database.db.delete(agencyTrustSettings).where(eq(agencyTrustSettings.organizationId, 1));
    }
  });
});

describe('freshness', () => {
  it('names the last complete day and its arrival in the dealership time zone; a missed day is stale', async () => {
    expect((await trustOf(ON_TRACK)).freshness).toEqual({
      source: 'files',
      data_through: '2026-11-14',
      updated_at: '2026-11-15T12:14:00.000Z',
      expected_through: '2026-11-14',
      stale: false,
      time_zone: 'America/Chicago',
      label: 'Data through Nov 14, 2026, updated 6:14 AM CST',
    });
    const stale = (await trustOf(STALE)).freshness;
    expect([stale.data_through, stale.stale, stale.label]).toEqual([
      '2026-11-12',
      true,
      'Data through Nov 12, 2026, updated Nov 15, 6:14 AM CST',
    ]);
    expect((await trustOf(ENDED)).freshness.stale).toBe(false);
  });

  it("the PDF cover's data-through is the campaign's freshness record, as the report header shows it", async () => {
    const report = (id: number) => ({ campaign: { client_campaign_id: id }, daily: [] }) as never;
    expect(await reportDataThrough(t.database.db, report(ON_TRACK))).toEqual({
      lastDay: '2026-11-14',
      ingestedAt: '2026-11-15T12:14:00.000Z',
    });
    expect((await reportDataThrough(t.database.db, report(STALE))).lastDay).toBe('2026-11-12');
  });

  it('the list answers every campaign of the dealership; a re-load of older days never moves freshness back', async () => {
    const dir = await writeFiles({
      'campaign_daily_metrics.csv': `${METRICS_HEADER}\n${days(ON_TRACK, 2, 10_000, 50).join('\n')}\n`,
    });
    expect((await ingestFolder(t.database.db, dir)).ok).toBe(true);
    const response = await get(`${DEALERSHIP}/campaign-trust`, dealer);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as ListCampaignTrustResponse;
    expect(list.time_zone).toBe('America/Chicago');
    expect(list.band).toEqual({ low: 95, high: 105 });
    const byId = new Map(list.data.map((c) => [c.campaign_id, c]));
    expect(byId.get(ON_TRACK)!.freshness.data_through).toBe('2026-11-14');
    expect(byId.get(UNDER)!.pacing!.pace_percent).toBe(80);
    expect(list.data.every((c) => c.dealership_id === 101)).toBe(true);
  });

  it('another tenant or an unknown campaign is 404 before anything is read', async () => {
    expect((await get('/api/agencies/2/dealership/101/campaign-trust')).statusCode).toBe(404);
    expect((await get(`/api/agencies/1/dealership/102/campaigns/${UNDER}/trust`)).statusCode).toBe(404);
  });
});

describe('data health', () => {
  it('lists the file set and each platform connection with last run, rows, last error, next run and stale counts', async () => {
    const [connection] = await t.database.db
      .insert(platformConnections)
      .values({ organizationId: 1, vendorId: 1, accessTokenEnc: 'x' })
      .onConflictDoUpdate({
        target: [platformConnections.organizationId, platformConnections.vendorId],
        set: { accessTokenEnc: 'x' },
      })
      .returning({ id: platformConnections.id });
    const [fresh, stale] = await t.database.db
      .insert(selfServiceCampaigns)
      .values(
        [1, 2].map((n) => ({
          organizationId: 1,
          dealershipId: 101,
          vendorId: 1,
          vendorCampaignId: `trust-${n}`,
          name: `Trust ${n}`,
          accountId: 'a',
          accountName: 'A',
          startDate: '2026-11-01',
          status: 'available',
          statusName: 'active',
          lastSyncedAt: new Date('2026-11-15T12:05:00Z'),
        })),
      )
      .returning({ id: selfServiceCampaigns.id });
    await t.database.db.insert(selfServiceDailyMetrics).values([
      { campaignId: fresh!.id, date: '2026-11-14', impressions: 10, clicks: 1 },
      { campaignId: stale!.id, date: '2026-11-10', impressions: 10, clicks: 1 },
    ]);
    await t.database.db.insert(syncRuns).values([
      {
        source: 'google_ads',
        organizationId: 1,
        campaignId: stale!.id,
        startedAt: new Date('2026-11-15T12:00:00Z'),
        finishedAt: new Date('2026-11-15T12:01:00Z'),
        status: 'failed',
        error: 'Token expired',
      },
      {
        source: 'google_ads',
        organizationId: 1,
        campaignId: fresh!.id,
        startedAt: new Date('2026-11-15T12:04:00Z'),
        finishedAt: new Date('2026-11-15T12:05:00Z'),
        status: 'ok',
        rowsLoaded: 42,
      },
    ]);

    const response = await get('/api/agencies/1/data-health');
    expect(response.statusCode, response.body).toBe(200);
    const health = response.json() as DataHealthResponse;
    const files = health.sources.find((s) => s.source === 'files')!;
    // The last file set was the re-load of 2 daily rows above.
    expect(files).toMatchObject({ status: 'ok', rows_loaded: 2, next_run_at: null, stale: true, last_error: null });
    expect(files.stale_campaigns).toBeGreaterThanOrEqual(1);
    const google = health.sources.find((s) => s.source === 'google_ads')!;
    expect(google).toEqual({
      source: 'google_ads',
      label: 'Google Ads',
      connection_id: connection!.id,
      last_sync_at: '2026-11-15T12:05:00.000Z',
      status: 'ok',
      rows_loaded: 42,
      last_error: 'Token expired',
      // The daily refresh: 06:00 in Chicago on Nov 16 (it is noon on Nov 15).
      // Hourly by default (SELF_SERVICE_SYNC_EVERY_HOURS): the next hour after TEST_NOW (12:00 CST).
      next_run_at: '2026-11-15T19:00:00.000Z',
      data_through: '2026-11-14',
      campaigns: 2,
      stale_campaigns: 1,
      stale: true,
    });
  });

  it('a self-service campaign has its platform source freshness in the report header, 404 at another rooftop', async () => {
    const [fresh, stale] = await t.database.db
      .select({ id: selfServiceCampaigns.id })
      .from(selfServiceCampaigns)
      .where(sql`${selfServiceCampaigns.vendorCampaignId} in ('trust-1', 'trust-2')`)
      .orderBy(selfServiceCampaigns.vendorCampaignId);
    const trustOfSelfService = async (id: number) => {
      const response = await get(`${DEALERSHIP}/campaigns/self-service/${id}/trust`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as CampaignTrust;
    };
    expect(await trustOfSelfService(fresh!.id)).toEqual({
      campaign_id: fresh!.id,
      dealership_id: 101,
      freshness: {
        source: 'google_ads',
        data_through: '2026-11-14',
        updated_at: '2026-11-15T12:05:00.000Z',
        expected_through: '2026-11-14',
        stale: false,
        time_zone: 'America/Chicago',
        label: 'Data through Nov 14, 2026, updated 6:05 AM CST',
      },
      pacing: null,
    });
    expect((await trustOfSelfService(stale!.id)).freshness.stale).toBe(true);
    const elsewhere = await get(`/api/agencies/1/dealership/102/campaigns/self-service/${fresh!.id}/trust`);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('a refused file set is logged as a failed run with its first error', async () => {
    const dir = await writeFiles({
      'campaign_daily_metrics.csv': `${METRICS_HEADER}\n999999,2026-11-02,1,0,0,,0,0,0,0,0\n`,
    });
    expect((await ingestFolder(t.database.db, dir)).ok).toBe(false);
    const health = (await get('/api/agencies/1/data-health')).json() as DataHealthResponse;
    const files = health.sources.find((s) => s.source === 'files')!;
    expect(files.status).toBe('failed');
    expect(files.last_error).toBe(
      '1 error(s); first: campaign_daily_metrics.csv line 2: Campaign 999999 does not exist',
    );
  });

  it('is for roles 1–2: a dealership user gets 403, another agency 404', async () => {
    expect((await get('/api/agencies/1/data-health', dealer)).statusCode).toBe(403);
    expect((await get('/api/agencies/2/data-health')).statusCode).toBe(404);
  });
});
