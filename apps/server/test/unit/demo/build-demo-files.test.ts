import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computePacing,
  DEFAULT_ALERT_THRESHOLDS,
  deliveryConditions,
  ingestionEntities,
  TRAILING_DAYS,
  ingestionOrder,
  productCatalog,
  type IngestionEntity,
} from '@portal/contracts';
import { buildDemoFiles } from '../../../src/demo/build-demo-files';

type Row = Record<string, string>;

/** A mid-month today, and a month-end leap day (active flights may end on today itself). */
const TODAYS = ['2025-11-20', '2024-02-29'];

const SEED_DIR = fileURLToPath(new URL('../../../seed/', import.meta.url));
const RAW_DIR = path.join(SEED_DIR, 'raw');
const CREATIVE_DIR = fileURLToPath(new URL('../../../../../assets/demo-creatives/', import.meta.url));
/** The 13 codes of the first demo: each still runs on at least two dealerships. */
const REQUIRED_CODES = ['DYD', 'DYN', 'FBD', 'VLA', 'SEM', 'INV', 'MOB', 'OTT', 'VID', 'AUD', 'DOH', 'DSP', 'AUDIENCE'];
const ALL_CODES = Object.keys(productCatalog) as (keyof typeof productCatalog)[];
const codesOf = (...families: string[]) =>
  new Set<string>(ALL_CODES.filter((code) => families.includes(productCatalog[code].family)));
const SEARCH_CODES = codesOf('search');
const SOCIAL_CODES = codesOf('social');
const VIDEO_CODES = codesOf('video');
const DISPLAY_CODES = codesOf('display');
const CREATIVE_CODES = codesOf('display', 'video', 'audio', 'social');
const INVENTORY_CODES = new Set(['DYD', 'DYN', 'FBD', 'VLA', 'MVA', 'INV', 'MIV', 'TTI', 'FML', 'PMX', 'MPX']);
const CALL_CODES = new Set(['DYD', 'DOH', ...SEARCH_CODES]);
const LEAD_CODES = new Set(['DSL', 'FDL', 'LBP', 'FDS']);

function readRaw(file: string): Row[] {
  const buffer = fs.readFileSync(path.join(RAW_DIR, file));
  return parse(file.endsWith('.gz') ? gunzipSync(buffer) : buffer, { columns: true }) as Row[];
}

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
const maxOf = (values: string[]) => values.reduce((a, b) => (b > a ? b : a));
const minOf = (values: string[]) => values.reduce((a, b) => (b < a ? b : a));

function groupBy(rows: Row[], key: (row: Row) => string) {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

function sumBy(rows: Row[], key: (row: Row) => string) {
  const totals = new Map<string, { impressions: number; clicks: number }>();
  for (const row of rows) {
    const total = totals.get(key(row)) ?? { impressions: 0, clicks: 0 };
    total.impressions += Number(row.impressions);
    total.clicks += Number(row.clicks);
    totals.set(key(row), total);
  }
  return totals;
}

// Raw sources, read independently of the builder.
const rawTabmo = readRaw('ads/tabmo_display_campaigns_timeslot_2018_19.csv.gz');
const rawAdwords = readRaw('ads/google_adwords_keyword_daily_2012_13.csv.gz');
const rawKag = readRaw('ads/facebook_ads_conversion_KAG.csv');
const rawCarscom = readRaw('inventory/carscom_used_listings_2022_demo_dealers.csv');
const rawAncira = readRaw('inventory/ancira_dealer_inventory_snapshots.csv');

async function build(today: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-files-'));
  const { files, creativeArt } = await buildDemoFiles(dir, { today });
  const tables: Record<string, Row[]> = {};
  for (const file of files) {
    tables[path.basename(file, '.csv')] = parse(fs.readFileSync(file), { columns: true }) as Row[];
  }
  return { dir, files, tables, creativeArt };
}

describe.each(TODAYS)('buildDemoFiles with today %s', (today) => {
  const yesterday = addDays(today, -1);
  let dir = '';
  let files: string[] = [];
  let creativeArt: { file: string; svg: string }[] = [];
  let t: Record<string, Row[]> = {};
  let campaigns: Row[] = [];
  let metricsByCampaign = new Map<string, Row[]>();

  beforeAll(async () => {
    ({ dir, files, tables: t, creativeArt } = await build(today));
    campaigns = t.campaigns ?? [];
    metricsByCampaign = new Map();
    for (const row of t.campaign_daily_metrics ?? []) {
      const list = metricsByCampaign.get(row.client_campaign_id ?? '') ?? [];
      list.push(row);
      metricsByCampaign.set(row.client_campaign_id ?? '', list);
    }
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('plants one under-pacing campaign at dealership 101 (≈80 %); the other running campaigns pace 95–105 % or near it', () => {
    const paces = campaigns
      .filter((c) => c.campaign_status === 'active' && c.start_date! <= yesterday)
      .map((c) => {
        const rows = (metricsByCampaign.get(c.client_campaign_id!) ?? []).filter((r) => r.date! <= yesterday);
        const pacing = computePacing({
          start: c.start_date!,
          end: c.end_date!,
          today,
          bookedImpressions: Number(c.booked_impressions),
          budget: Number(c.budget),
          impressionsToDate: rows.reduce((sum, r) => sum + Number(r.impressions), 0),
          spendToDate: rows.reduce((sum, r) => sum + Number(r.spend), 0),
        });
        return { id: c.client_campaign_id!, dealership: c.dealership_id!, pace: pacing?.pace_percent ?? null };
      });
    const under = paces.filter((p) => p.pace !== null && p.pace < 95);
    expect(under.map((p) => p.dealership)).toEqual(['101']);
    expect(Math.abs(under[0]!.pace! - 80)).toBeLessThanOrEqual(1);
    // Bookings are rounded to the hundred below 100,000, so no other campaign leaves the band.
    expect(paces.filter((p) => p.pace !== null && p.pace > 105)).toEqual([]);
  });

  it('raises no delivery alert (zero day, delivery drop, CTR drop) on any active campaign', () => {
    const span = TRAILING_DAYS + DEFAULT_ALERT_THRESHOLDS.zero_day_lookback + 1;
    const found: string[] = [];
    for (const c of campaigns.filter((c) => c.campaign_status === 'active' && c.start_date! <= yesterday)) {
      const byDate = new Map((metricsByCampaign.get(c.client_campaign_id!) ?? []).map((r) => [r.date!, r]));
      const through = [...byDate.keys()].sort().pop();
      expect(through, `${c.client_campaign_id} has data through yesterday`).toBe(
        c.end_date! < yesterday ? c.end_date : yesterday,
      );
      const first = addDays(through!, -(span - 1)) > c.start_date! ? addDays(through!, -(span - 1)) : c.start_date!;
      const days = [];
      for (let day = first; day <= through!; day = addDays(day, 1)) {
        const row = byDate.get(day);
        days.push({ date: day, impressions: Number(row?.impressions ?? 0), clicks: Number(row?.clicks ?? 0) });
      }
      found.push(...deliveryConditions(Number(c.client_campaign_id), days, DEFAULT_ALERT_THRESHOLDS).map((a) => a.key));
    }
    expect(found).toEqual([]);
  });

  it('varies the final delivery of ended campaigns and the VTR of video campaigns by month', () => {
    const delivery = campaigns
      .filter((c) => c.campaign_status === 'ended')
      .map((c) => {
        const total = (metricsByCampaign.get(c.client_campaign_id!) ?? []).reduce(
          (s, r) => s + Number(r.impressions),
          0,
        );
        return Math.round((total / Number(c.booked_impressions)) * 100);
      });
    expect(Math.min(...delivery)).toBeLessThan(92);
    expect(Math.max(...delivery)).toBeGreaterThan(100);
    const vtrs: number[] = [];
    for (const c of campaigns.filter((c) => VIDEO_CODES.has(c.product_code ?? '') && c.campaign_status !== 'pending')) {
      const months = sumBy(
        (metricsByCampaign.get(c.client_campaign_id!) ?? []).map((r) => ({ ...r, clicks: r.views! })),
        (r) => r.date!.slice(0, 7),
      );
      for (const { impressions, clicks: views } of months.values())
        if (impressions >= 10_000) vtrs.push(Math.round((views / impressions) * 1000));
    }
    // Distinct VTRs (to 0.1 %) for nearly every campaign-month with volume.
    expect(new Set(vtrs).size).toBeGreaterThan(vtrs.length * 0.8);
  });

  it('writes one CSV per entity whose header is the contract keys and whose rows all pass the schema', () => {
    expect(Object.keys(t).sort()).toEqual([...ingestionOrder].sort());
    for (const file of files) {
      const entity = path.basename(file, '.csv') as IngestionEntity;
      const schema = ingestionEntities[entity].row;
      const header = fs.readFileSync(file, 'utf8').split('\n')[0];
      expect(header).toBe(Object.keys(schema.shape).join(','));
      const rows = t[entity] ?? [];
      expect(rows.length).toBeGreaterThan(0);
      rows.forEach((row, index) => {
        const result = schema.safeParse(row);
        if (!result.success) throw new Error(`${entity} line ${index + 2}: ${result.error.message}`);
      });
    }
  });

  it('has the reference data and the demo agency', () => {
    expect(t.dmas).toHaveLength(210);
    expect(t.zip_dmas?.length).toBeGreaterThan(41_000);
    expect(t.organizations).toEqual([
      { id: '1', name: 'Demo Agency', show_budget_type: '2', time_zone: 'America/Chicago' },
    ]);
    const ids = (t.dealerships ?? []).map((d) => Number(d.id));
    expect(ids.filter((id) => id >= 101 && id <= 108)).toHaveLength(8);
    expect(ids.filter((id) => id >= 201 && id < 300)).toHaveLength(9);
    const dmaCodes = new Set((t.dmas ?? []).map((d) => d.dma_code));
    for (const d of t.dealerships ?? []) expect(dmaCodes.has(d.dma_code ?? '')).toBe(true);
  });

  it('ends the metrics yesterday', () => {
    expect(maxOf((t.campaign_daily_metrics ?? []).map((r) => r.date ?? ''))).toBe(yesterday);
  });

  it('gives every dealership 4-8 campaigns with active, ended and pending ones, and uses every required code', () => {
    for (const d of t.dealerships ?? []) {
      const own = campaigns.filter((c) => c.dealership_id === d.id);
      expect(own.length).toBeGreaterThanOrEqual(4);
      expect(own.length).toBeLessThanOrEqual(8);
      expect(new Set(own.map((c) => c.campaign_status))).toEqual(new Set(['active', 'ended', 'pending']));
    }
    for (const code of REQUIRED_CODES) {
      const dealerships = new Set(campaigns.filter((c) => c.product_code === code).map((c) => c.dealership_id));
      expect(dealerships.size, code).toBeGreaterThanOrEqual(2);
    }
    for (const c of campaigns) {
      const status = c.campaign_status;
      if (status === 'active') expect(c.start_date! <= today && c.end_date! >= today, c.client_campaign_id).toBe(true);
      if (status === 'ended') expect(c.end_date! < today, c.client_campaign_id).toBe(true);
      if (status === 'pending') expect(c.start_date! > today, c.client_campaign_id).toBe(true);
    }
  });

  it('writes no metrics for pending campaigns and none outside a flight', () => {
    const byId = new Map(campaigns.map((c) => [c.client_campaign_id, c]));
    for (const c of campaigns.filter((c) => c.campaign_status === 'pending')) {
      expect(metricsByCampaign.has(c.client_campaign_id ?? '')).toBe(false);
    }
    // Every campaign-level entity, dated by its date, event date or the local day of its date-time.
    const campaignEntities = ingestionOrder.filter((e) => 'client_campaign_id' in ingestionEntities[e].row.shape);
    expect(campaignEntities.length).toBe(17);
    for (const entity of campaignEntities.filter((e) => e !== 'campaigns')) {
      // Creatives have no date: only their campaign is checked (as if dated on its first day).
      const rowsOf: Row[] = (t[entity] ?? []).map((row) => ({
        ...row,
        date:
          row.date ??
          row.event_date ??
          row.datetime?.slice(0, 10) ??
          byId.get(row.client_campaign_id)?.start_date ??
          '',
      }));
      expect(rowsOf.length, entity).toBeGreaterThan(0);
      const outside = rowsOf.filter((row) => {
        const c = byId.get(row.client_campaign_id);
        return (
          !c ||
          c.campaign_status === 'pending' ||
          row.date! < c.start_date! ||
          row.date! > c.end_date! ||
          row.date! > yesterday
        );
      });
      expect(outside, entity).toEqual([]);
    }
    for (const c of campaigns.filter((c) => c.campaign_status !== 'pending')) {
      expect(metricsByCampaign.get(c.client_campaign_id ?? '')?.length, c.client_campaign_id).toBeGreaterThan(0);
    }
  });

  it('feeds each display/video/audio/ooh/audience campaign one whole TabMo campaign, shifted to end yesterday, its gap days filled', () => {
    const shift = daysBetween(maxOf(rawTabmo.map((r) => r.date ?? '')), yesterday);
    const tabmoFed = campaigns.filter((c) => c.vendor === 'TabMo' && c.campaign_status !== 'pending');
    const sources = tabmoFed.map((c) => /^TabMo campaign (\d+)$/.exec(c.vendor_campaign_name ?? '')?.[1] ?? '');
    expect(new Set(sources).size).toBe(tabmoFed.length);
    let filledDays = 0;
    tabmoFed.forEach((c, i) => {
      const source = sources[i] ?? '';
      const sourceRows = rawTabmo.filter((r) => r.campaign_id === source);
      const sourceDays = sumBy(sourceRows, (r) => addDays(r.date ?? '', shift));
      const rows = metricsByCampaign.get(c.client_campaign_id ?? '') ?? [];
      const sourceDates = sourceRows.map((r) => r.date ?? '');
      // The flight starts (and, ended, stops) on a real source day with delivery, inside the source's span.
      expect(sourceDays.get(c.start_date!)?.impressions, c.client_campaign_id).toBeGreaterThan(0);
      expect(c.start_date! >= addDays(minOf(sourceDates), shift)).toBe(true);
      if (c.campaign_status === 'ended') {
        expect(sourceDays.get(c.end_date!)?.impressions, c.client_campaign_id).toBeGreaterThan(0);
        expect(c.end_date! <= addDays(maxOf(sourceDates), shift)).toBe(true);
      }
      // Every day of the flight through yesterday delivers: a real day keeps its source values
      // exactly; a day the source lacks, or has only a trickle of (under 5 % of a busy day), copies a
      // real day of the same weekday (or the nearest) × 0.9-1.1.
      const last = c.end_date! < yesterday ? c.end_date! : yesterday;
      const byDate = new Map(rows.map((r) => [r.date ?? '', r]));
      const realDays = [...sourceDays].filter(([, d]) => d.impressions > 0);
      const busiest = Math.max(...realDays.map(([, d]) => d.impressions));
      for (let day = c.start_date!; day <= last; day = addDays(day, 1)) {
        const row = byDate.get(day);
        expect(Number(row?.impressions ?? 0), `${c.client_campaign_id} ${day}`).toBeGreaterThan(0);
        const real = sourceDays.get(day);
        const value = { impressions: Number(row!.impressions), clicks: Number(row!.clicks) };
        if (real && real.impressions === value.impressions && real.clicks === value.clicks) continue;
        filledDays++;
        expect(real?.impressions ?? 0, `${c.client_campaign_id} ${day} replaced only when a trickle`).toBeLessThan(
          0.05 * busiest,
        );
        const donors = realDays.filter(
          ([, d]) => Math.abs(value.impressions - d.impressions) <= 0.1 * d.impressions + 1,
        );
        expect(donors.length, `${c.client_campaign_id} ${day} has a donor`).toBeGreaterThan(0);
      }
      expect(rows.every((r) => r.date! >= c.start_date! && r.date! <= last)).toBe(true);
      const total = sumBy(rows, () => 'all').get('all');
      const placements = (t.campaign_placements ?? []).filter((p) => p.client_campaign_id === c.client_campaign_id);
      expect(new Set(placements.map((p) => p.placement))).toEqual(
        new Set(['App', 'Site'].filter((p) => placements.some((r) => r.placement === p))),
      );
      expect(sumBy(placements, () => 'all').get('all')).toEqual(total);
    });
    expect(filledDays).toBeGreaterThan(0);
  });

  it('feeds the search campaigns the AdWords rows of their keyword group inside the flight', () => {
    const search = campaigns.filter((c) => SEARCH_CODES.has(c.product_code ?? '') && c.campaign_status !== 'pending');
    const keywordIds = [...new Set(rawAdwords.map((r) => Number(r.keyword_id)))].sort((a, b) => a - b);
    const group = new Map(keywordIds.map((id, j) => [String(id), j % search.length]));
    const shift = daysBetween(maxOf(rawAdwords.map((r) => r.date ?? '')), yesterday);
    const expected = new Map<string, { impressions: number; clicks: number }>();
    let expectedKeywordRows = 0;
    for (const row of rawAdwords) {
      const c = search[group.get(row.keyword_id ?? '') ?? -1];
      const date = addDays(row.date ?? '', shift);
      if (!c || date < c.start_date! || date > c.end_date!) continue;
      const total = expected.get(c.client_campaign_id ?? '') ?? { impressions: 0, clicks: 0 };
      total.impressions += Number(row.impressions);
      total.clicks += Number(row.clicks);
      expected.set(c.client_campaign_id ?? '', total);
      expectedKeywordRows++;
    }
    search.forEach((c, i) => {
      expect(c.vendor_campaign_name).toBe(`AdWords keyword group ${i + 1} of ${search.length}`);
      const length = daysBetween(c.start_date!, c.end_date!) + 1;
      expect(length).toBeGreaterThanOrEqual(60);
      expect(length).toBeLessThanOrEqual(120);
      const rows = metricsByCampaign.get(c.client_campaign_id ?? '') ?? [];
      expect(sumBy(rows, () => 'all').get('all'), c.client_campaign_id).toEqual(
        expected.get(c.client_campaign_id ?? ''),
      );
      const keywordRows = (t.campaign_keywords ?? []).filter((k) => k.client_campaign_id === c.client_campaign_id);
      expect(sumBy(keywordRows, () => 'all').get('all')).toEqual(expected.get(c.client_campaign_id ?? ''));
    });
    expect(t.campaign_keywords).toHaveLength(expectedKeywordRows);
    expect(expectedKeywordRows).toBeLessThanOrEqual(60_000);
    // Every keyword reads as an automotive search term, one term per keyword id within a campaign,
    // and the inventory terms name a make the dealership really lists.
    const keywordRows = t.campaign_keywords ?? [];
    expect(keywordRows.every((k) => /^[a-z0-9 .&'+-]+$/.test(k.keyword ?? ''))).toBe(true);
    for (const c of search) {
      const rows = keywordRows.filter((k) => k.client_campaign_id === c.client_campaign_id);
      const termById = new Map(rows.map((k) => [k.keyword_id, k.keyword]));
      expect(new Set(termById.values()).size, c.client_campaign_id).toBe(termById.size);
      const makes = new Set(
        (t.inventory_vehicles ?? [])
          .filter((v) => v.dealership_id === c.dealership_id)
          .map((v) => v.make!.toLowerCase()),
      );
      const makeTerms = [...termById.values()].filter((term) => term!.endsWith(' dealer near me'));
      for (const term of makeTerms) expect(makes.has(term!.replace(/ dealer near me$/, '')), term).toBe(true);
    }
  });

  it('spreads every Facebook KAG ad over the social campaigns, keeping its values', () => {
    const social = campaigns.filter((c) => SOCIAL_CODES.has(c.product_code ?? '') && c.campaign_status !== 'pending');
    const rows = social.flatMap((c) => metricsByCampaign.get(c.client_campaign_id ?? '') ?? []);
    const sum = (list: Row[], column: string) => list.reduce((total, r) => total + Number(r[column]), 0);
    expect(sum(rows, 'impressions')).toBe(sum(rawKag, 'Impressions'));
    expect(sum(rows, 'clicks')).toBe(sum(rawKag, 'Clicks'));
    expect(sum(rows, 'conversions')).toBe(sum(rawKag, 'Total_Conversion'));
    expect(sum(rows, 'sales')).toBe(sum(rawKag, 'Approved_Conversion'));
    expect(Math.abs(sum(rows, 'spend') - sum(rawKag, 'Spent'))).toBeLessThan(0.01 * rows.length);
    expect(sum(t.campaign_demographics ?? [], 'impressions')).toBe(sum(rawKag, 'Impressions'));
    for (const c of campaigns.filter(
      (c) => !SOCIAL_CODES.has(c.product_code ?? '') && !VIDEO_CODES.has(c.product_code ?? ''),
    ))
      expect(metricsByCampaign.get(c.client_campaign_id ?? '')?.every((r) => r.reach === '') ?? true).toBe(true);
  });

  it('lists the real vehicles of each dealership, once per VIN', () => {
    const dealershipName = new Map((t.dealerships ?? []).map((d) => [d.id, d.name]));
    const expected = new Map<string, Set<string>>();
    for (const r of rawCarscom) {
      const set = expected.get(r.SellerName ?? '') ?? new Set();
      expected.set(r.SellerName ?? '', set.add(r.VIN ?? ''));
    }
    for (const r of rawAncira) {
      const set = expected.get(r.dealership ?? '') ?? new Set();
      expected.set(r.dealership ?? '', set.add(r.vin_num ?? ''));
    }
    const actual = new Map<string, string[]>();
    for (const v of t.inventory_vehicles ?? []) {
      const name = dealershipName.get(v.dealership_id) ?? '';
      actual.set(name, [...(actual.get(name) ?? []), v.vin ?? '']);
    }
    expect(actual.size).toBe(17);
    for (const [name, vins] of actual) {
      expect(new Set(vins).size, name).toBe(vins.length);
      expect(new Set(vins), name).toEqual(expected.get(name));
    }
  });

  it('runs every product code with delivery, and gives dealership 101 the dealer-user mix', () => {
    const since = addDays(today, -90);
    const delivering = campaigns.filter(
      (c) =>
        (c.campaign_status === 'active' || (c.campaign_status === 'ended' && c.end_date! >= since)) &&
        (metricsByCampaign.get(c.client_campaign_id ?? '')?.length ?? 0) > 0,
    );
    for (const code of ALL_CODES) {
      expect(
        delivering.some((c) => c.product_code === code),
        code,
      ).toBe(true);
    }
    for (const c of campaigns) {
      expect(c.product_name).toBe(productCatalog[c.product_code as keyof typeof productCatalog].name);
      expect(c.campaign_type).toBe(productCatalog[c.product_code as keyof typeof productCatalog].family);
    }
    const own = delivering.filter((c) => c.dealership_id === '101');
    for (const code of ['DYD', 'FBD', 'AUDIENCE', 'SEM', 'VID'])
      expect(
        own.some((c) => c.product_code === code),
        code,
      ).toBe(true);
    expect(
      own.some(
        (c) =>
          c.product_code === 'DYD' && c.show_roas === '1' && c.show_site_list === '1' && c.show_ad_previews === '1',
      ),
    ).toBe(true);
  });

  /** For each campaign of `codes` with delivery, the entity's rows per day sum exactly to the daily metrics. */
  function expectAllocatedExactly(entity: string, codes: Set<string>, rows = t[entity] ?? []) {
    const byDay = sumBy(rows, (r) => `${r.client_campaign_id}|${r.date}`);
    const checked = campaigns.filter((c) => codes.has(c.product_code ?? '') && c.campaign_status !== 'pending');
    expect(checked.length, entity).toBeGreaterThan(0);
    for (const c of checked) {
      for (const day of metricsByCampaign.get(c.client_campaign_id ?? '') ?? []) {
        const got = byDay.get(`${c.client_campaign_id}|${day.date}`) ?? { impressions: 0, clicks: 0 };
        expect(got, `${entity} ${c.client_campaign_id} ${c.product_code} ${day.date}`).toEqual({
          impressions: Number(day.impressions),
          clicks: Number(day.clicks),
        });
      }
    }
    const ids = new Set(checked.map((c) => c.client_campaign_id));
    expect(rows.filter((r) => !ids.has(r.client_campaign_id)).length, `${entity} of other codes`).toBe(0);
  }

  it('allocates vehicles, DMAs, sites, creatives and social placements exactly from the daily totals', () => {
    expectAllocatedExactly('campaign_vehicles', INVENTORY_CODES);
    expectAllocatedExactly('campaign_dmas', new Set(ALL_CODES));
    expectAllocatedExactly('campaign_sites', DISPLAY_CODES);
    expectAllocatedExactly('campaign_creative_metrics', CREATIVE_CODES);
    const socialIds = new Set(
      campaigns.filter((c) => SOCIAL_CODES.has(c.product_code ?? '')).map((c) => c.client_campaign_id),
    );
    expectAllocatedExactly(
      'campaign_placements',
      SOCIAL_CODES,
      (t.campaign_placements ?? []).filter((p) => socialIds.has(p.client_campaign_id)),
    );
    for (const entity of ['campaign_vehicles', 'campaign_dmas', 'campaign_sites', 'campaign_creative_metrics']) {
      expect(
        (t[entity] ?? []).filter((row) => Number(row.clicks) > Number(row.impressions)),
        entity,
      ).toEqual([]);
    }
  });

  it('puts 60-75 % of impressions in the home DMA and the rest in 4-8 other DMAs', () => {
    const homeDma = new Map((t.dealerships ?? []).map((d) => [d.id, d.dma_code]));
    const dmaCodes = new Set((t.dmas ?? []).map((d) => d.dma_code));
    for (const [id, rows] of groupBy(t.campaign_dmas ?? [], (r) => r.client_campaign_id ?? '')) {
      const c = campaigns.find((x) => x.client_campaign_id === id)!;
      const home = homeDma.get(c.dealership_id);
      const codes = new Set(rows.map((r) => r.dma_code));
      for (const code of codes) expect(dmaCodes.has(code)).toBe(true);
      expect(codes.has(home)).toBe(true);
      expect(codes.size - 1).toBeLessThanOrEqual(8);
      const total = rows.reduce((sum, r) => sum + Number(r.impressions), 0);
      const atHome = rows.filter((r) => r.dma_code === home).reduce((sum, r) => sum + Number(r.impressions), 0);
      if (total >= 20_000) {
        expect(codes.size - 1).toBeGreaterThanOrEqual(4);
        expect(atHome / total, id).toBeGreaterThan(0.55);
        expect(atHome / total, id).toBeLessThan(0.8);
      }
    }
  });

  it("shows only the dealership's own real VINs, 20-60 per campaign (all when it has fewer)", () => {
    const inventory = groupBy(t.inventory_vehicles ?? [], (v) => v.dealership_id ?? '');
    const vinsOf = (dealershipId: string) => new Set((inventory.get(dealershipId) ?? []).map((v) => v.vin));
    for (const [id, rows] of groupBy(t.campaign_vehicles ?? [], (r) => r.client_campaign_id ?? '')) {
      const c = campaigns.find((x) => x.client_campaign_id === id)!;
      const own = vinsOf(c.dealership_id ?? '');
      const used = new Set(rows.map((r) => r.vin));
      for (const vin of used) expect(own.has(vin), `${id} ${vin}`).toBe(true);
      expect(used.size).toBeLessThanOrEqual(60);
      expect(used.size).toBeGreaterThanOrEqual(Math.min(20, own.size) - 3);
      // Zipf-like: the leading vehicle clearly ahead of the median one.
      const totals = [...sumBy(rows, (r) => r.vin ?? '').values()].map((v) => v.impressions).sort((a, b) => b - a);
      expect(totals[0]!).toBeGreaterThan(2 * totals[Math.floor(totals.length / 2)]!);
    }
    for (const lead of t.campaign_leads ?? []) {
      if (lead.vehicle_vin === '') continue;
      const c = campaigns.find((x) => x.client_campaign_id === lead.client_campaign_id)!;
      expect(vinsOf(c.dealership_id ?? '').has(lead.vehicle_vin)).toBe(true);
    }
  });

  it('fills reach for social and video codes and decreasing quartiles (listens) for video and audio codes', () => {
    for (const c of campaigns.filter((c) => c.campaign_status !== 'pending')) {
      const code = c.product_code ?? '';
      const rows = metricsByCampaign.get(c.client_campaign_id ?? '') ?? [];
      const n = (row: Row, column: string) => Number(row[column]);
      if (SOCIAL_CODES.has(code) || VIDEO_CODES.has(code)) {
        const impressions = rows.reduce((sum, r) => sum + n(r, 'impressions'), 0);
        const reach = rows.reduce((sum, r) => sum + n(r, 'reach'), 0);
        if (impressions >= 10_000) {
          expect(impressions / reach, c.client_campaign_id).toBeGreaterThanOrEqual(1.29);
          expect(impressions / reach, c.client_campaign_id).toBeLessThanOrEqual(2.81);
        }
      }
      for (const r of rows) {
        if (VIDEO_CODES.has(code) || code === 'AUD') {
          expect(n(r, 'video_25')).toBeLessThanOrEqual(n(r, 'impressions'));
          expect(n(r, 'video_50')).toBeLessThanOrEqual(n(r, 'video_25'));
          expect(n(r, 'video_75')).toBeLessThanOrEqual(n(r, 'video_50'));
          expect(n(r, 'video_100')).toBeLessThanOrEqual(n(r, 'video_75'));
          expect(r.views).toBe(r.video_100);
        } else {
          expect([r.views, r.video_25, r.video_50, r.video_75, r.video_100]).toEqual(['0', '0', '0', '0', '0']);
        }
      }
    }
  });

  it('writes one phone call per counted call and one lead per counted lead, per day', () => {
    const callsByDay = groupBy(t.phone_calls ?? [], (r) => `${r.client_campaign_id}|${r.datetime?.slice(0, 10)}`);
    const leadsByDay = groupBy(t.campaign_leads ?? [], (r) => `${r.client_campaign_id}|${r.datetime?.slice(0, 10)}`);
    for (const r of t.campaign_daily_metrics ?? []) {
      const c = campaigns.find((x) => x.client_campaign_id === r.client_campaign_id)!;
      const key = `${r.client_campaign_id}|${r.date}`;
      expect(Number(r.calls), key).toBe(callsByDay.get(key)?.length ?? 0);
      expect(Number(r.leads), key).toBe(leadsByDay.get(key)?.length ?? 0);
      if (!CALL_CODES.has(c.product_code ?? '')) expect(r.calls).toBe('0');
      if (!LEAD_CODES.has(c.product_code ?? '')) expect(r.leads).toBe('0');
    }
    expect(
      new Set(
        (t.phone_calls ?? []).map(
          (r) => campaigns.find((c) => c.client_campaign_id === r.client_campaign_id)?.product_code,
        ),
      ).size,
    ).toBeGreaterThanOrEqual(5);
    const areaCode = (id: string) => ({ '101': '864', '102': '972', '201': '210' })[id];
    for (const call of t.phone_calls ?? []) {
      expect(call.phone_number).toMatch(/^\(\d{3}\) 555-01\d\d$/);
      const c = campaigns.find((x) => x.client_campaign_id === call.client_campaign_id)!;
      const expectedArea = areaCode(c.dealership_id ?? '');
      if (expectedArea) expect(call.phone_number?.slice(1, 4)).toBe(expectedArea);
      expect(call.datetime).toMatch(/^\d{4}-\d\d-\d\dT(09|1\d):\d\d:\d\d-0[56]:00$/);
      if (call.recording_file === '') {
        // Answered, not recorded: 30-600 s.
        expect(Number(call.duration)).toBeGreaterThanOrEqual(30);
        expect(Number(call.duration)).toBeLessThanOrEqual(600);
      } else {
        // Voicemail: the call lasts exactly as long as its recording (16 kbit/s: bytes × 8 ÷ 16,000).
        expect(call.recording_file).toMatch(/^recordings\/[a-z0-9-]+\.mp3$/);
        const file = path.join(SEED_DIR, call.recording_file ?? '');
        expect(fs.existsSync(file), call.recording_file).toBe(true);
        expect(Number(call.duration), call.recording_file).toBe(Math.round((fs.statSync(file).size * 8) / 16_000));
      }
    }
    const recorded = (t.phone_calls ?? []).filter((c) => c.recording_file !== '').length;
    expect(recorded / (t.phone_calls ?? []).length).toBeGreaterThan(0.3);
    expect(recorded / (t.phone_calls ?? []).length).toBeLessThan(0.5);
    // Daylight time: a July day is -05:00, a January day -06:00 (America/Chicago).
    const offsets = new Map((t.phone_calls ?? []).map((r) => [r.datetime?.slice(5, 7), r.datetime?.slice(-6)]));
    if (offsets.has('07')) expect(offsets.get('07')).toBe('-05:00');
    if (offsets.has('01')) expect(offsets.get('01')).toBe('-06:00');
    for (const lead of t.campaign_leads ?? []) {
      expect(['form', 'call', 'chat']).toContain(lead.lead_type);
      expect(['new', 'contacted', 'sold']).toContain(lead.status);
      expect(lead.contact_name).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
    }
  });

  it('keeps the recordings small synthetic mp3 files', () => {
    const dir = path.join(SEED_DIR, 'recordings');
    const mp3s = fs.readdirSync(dir).filter((f) => f.endsWith('.mp3'));
    expect(mp3s.length).toBeGreaterThanOrEqual(4);
    expect(mp3s.length).toBeLessThanOrEqual(6);
    for (const file of mp3s) expect(fs.statSync(path.join(dir, file)).size).toBeLessThan(40_000);
    expect(fs.existsSync(path.join(dir, 'README.md'))).toBe(true);
  });

  it('points every creative at its committed SVG art with the right pixel size', () => {
    const art = new Map(creativeArt.map((a) => [a.file, a.svg]));
    const committed = fs.readdirSync(CREATIVE_DIR).filter((f) => f.endsWith('.svg'));
    expect(new Set(committed)).toEqual(new Set(art.keys()));
    for (const creative of t.campaign_creatives ?? []) {
      const file = /^\/demo-creatives\/([\w.-]+\.svg)$/.exec(creative.image_url ?? '')?.[1] ?? '';
      expect(file, creative.image_url).not.toBe('');
      const svg = fs.readFileSync(path.join(CREATIVE_DIR, file), 'utf8');
      expect(svg, `${file} is stale: npx tsx apps/server/src/demo/write-creative-art.ts`).toBe(art.get(file));
      const [w, h] = (creative.creative_size ?? '').split('x');
      expect(svg).toContain(`width="${w}" height="${h}"`);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
    const perCampaign = groupBy(t.campaign_creatives ?? [], (r) => r.client_campaign_id ?? '');
    for (const [id, rows] of perCampaign) {
      expect(rows.length, id).toBeGreaterThanOrEqual(2);
      expect(rows.length, id).toBeLessThanOrEqual(5);
      for (const r of rows) expect(r.creative_name).toMatch(/^.+ \d+x\d+ v\d$/);
    }
    const metricIds = new Set(
      (t.campaign_creative_metrics ?? []).map((r) => `${r.client_campaign_id}|${r.creative_id}`),
    );
    for (const r of t.campaign_creatives ?? [])
      expect(metricIds.has(`${r.client_campaign_id}|${r.creative_id}`)).toBe(true);
  });

  it('derives conversions and UTMs from clicks, with orders only where show_roas is on', () => {
    const roas = new Set(campaigns.filter((c) => c.show_roas === '1').map((c) => c.client_campaign_id));
    const pageViews = new Map<string, number>();
    for (const r of t.campaign_conversions ?? []) {
      const c = campaigns.find((x) => x.client_campaign_id === r.client_campaign_id)!;
      expect(DISPLAY_CODES.has(c.product_code ?? '') || SOCIAL_CODES.has(c.product_code ?? '')).toBe(true);
      if (r.tag_id === '4') expect(Number(r.unique_site_visitors)).toBeLessThanOrEqual(Number(r.count));
      else expect(r.unique_site_visitors).toBe('');
      expect(Number(r.time_to_convert_days)).toBeGreaterThanOrEqual(0.2);
      expect(Number(r.time_to_convert_days)).toBeLessThanOrEqual(6);
      if (r.tag_id === '4') {
        expect([r.tag_name, r.type]).toEqual(['Page View', 'key_site_action']);
        pageViews.set(`${r.client_campaign_id}|${r.date}`, Number(r.count));
      }
      if (r.type === 'order') {
        expect(roas.has(r.client_campaign_id)).toBe(true);
        expect(Number(r.monetary_value)).toBeGreaterThan(0);
      } else expect(r.monetary_value).toBe('');
    }
    expect((t.campaign_conversions ?? []).some((r) => r.type === 'order')).toBe(true);
    const utmTotals = groupBy(t.campaign_utms ?? [], (r) => `${r.client_campaign_id}|${r.date}`);
    for (const [key, rows] of utmTotals) {
      expect(
        rows.reduce((sum, r) => sum + Number(r.count), 0),
        key,
      ).toBe(pageViews.get(key));
      for (const r of rows) expect(['facebook', 'google', 'tabmo', 'instagram', 'direct']).toContain(r.utm_source);
    }
    expect(utmTotals.size).toBe(pageViews.size);
  });

  it('gives keywords impression shares of 0.2-0.9 and click shares below them', () => {
    const wrong = (t.campaign_keywords ?? []).filter((k) => {
      const share = Number(k.impression_share);
      return !(share >= 0.2 && share <= 0.9 && Number(k.click_share) < share && k.click_share !== '');
    });
    expect(wrong).toEqual([]);
  });

  it('builds the Ancira history from the real snapshots shifted to end today, and derives sales from the VINs that left', () => {
    const snapshots = t.inventory_snapshots ?? [];
    const sales = t.vehicle_sales ?? [];
    // Every real Ancira snapshot row, shifted so 2022-04-01 is today; every Cars.com vehicle once, today.
    const ancira = snapshots.filter((r) => Number(r.dealership_id) >= 200);
    expect(ancira).toHaveLength(1221);
    expect([...new Set(ancira.map((r) => r.snapshot_date))].sort()).toEqual([
      addDays(today, -216),
      addDays(today, -214),
      today,
    ]);
    const carscom = snapshots.filter((r) => Number(r.dealership_id) < 200);
    expect(carscom.every((r) => r.snapshot_date === today)).toBe(true);
    expect(carscom).toHaveLength((t.inventory_vehicles ?? []).filter((v) => Number(v.dealership_id) < 200).length);
    // Real price changes survive.
    const prices = groupBy(ancira, (r) => `${r.dealership_id} ${r.vin}`);
    expect([...prices.values()].filter((rows) => new Set(rows.map((r) => r.price)).size > 1).length).toBeGreaterThan(
      10,
    );

    // A sale per VIN absent from its rooftop's newest snapshot, after its last appearance, at its last price.
    const present = new Set(ancira.filter((r) => r.snapshot_date === today).map((r) => `${r.dealership_id} ${r.vin}`));
    const left = [...prices.keys()].filter((k) => !present.has(k));
    expect(sales.map((s) => `${s.dealership_id} ${s.vin}`).sort()).toEqual(left.sort());
    for (const sale of sales) {
      const rows = prices
        .get(`${sale.dealership_id} ${sale.vin}`)!
        .sort((a, b) => (a.snapshot_date! < b.snapshot_date! ? -1 : 1));
      const last = rows[rows.length - 1]!;
      expect(sale.sold_date! > last.snapshot_date!).toBe(true);
      expect(sale.sold_date! <= today).toBe(true);
      expect(sale.sale_price).toBe(last.price);
      expect(sale.deal_type).toBe('used');
      expect(sale.gross_derived).toBe('1');
      if (sale.sale_price) expect(Number(sale.front_gross)).toBeCloseTo(Number(sale.sale_price) * 0.06, 2);
    }

    // Exposure only while on the lot (never on or after the sale), and some sales follow an exposure within 30 days.
    const campaignDealership = new Map(campaigns.map((c) => [c.client_campaign_id, c.dealership_id]));
    const soldOn = new Map(sales.map((s) => [`${s.dealership_id} ${s.vin}`, s.sold_date!]));
    const firstSeen = new Map(
      (t.inventory_vehicles ?? []).map((v) => [`${v.dealership_id} ${v.vin}`, v.first_seen_date]),
    );
    let followed = 0;
    const exposed = groupBy(
      t.campaign_vehicles ?? [],
      (r) => `${campaignDealership.get(r.client_campaign_id)} ${r.vin}`,
    );
    for (const [key, rows] of exposed) {
      const sold = soldOn.get(key);
      const arrived = firstSeen.get(key);
      for (const r of rows) {
        if (sold) expect(r.date! < sold, `${key} ${r.date}`).toBe(true);
        if (arrived) expect(r.date! >= arrived, `${key} ${r.date}`).toBe(true);
      }
      if (sold && rows.some((r) => r.date! >= addDays(sold, -30))) followed += 1;
    }
    expect(followed).toBeGreaterThanOrEqual(20);
  });

  it('writes audience sizes, walk-ins and events for the codes that have them', () => {
    const codeOf = (id: string | undefined) => campaigns.find((c) => c.client_campaign_id === id)?.product_code;
    for (const r of t.campaign_audience_sizes ?? []) {
      expect(codeOf(r.client_campaign_id)).toBe('AUDIENCE');
      expect(Number(r.audience_size)).toBeGreaterThanOrEqual(12_000);
      expect(Number(r.audience_size)).toBeLessThanOrEqual(60_000);
    }
    for (const c of campaigns.filter((c) => c.product_code === 'AUDIENCE' && c.campaign_status !== 'pending')) {
      const sizes = (t.campaign_audience_sizes ?? []).filter((r) => r.client_campaign_id === c.client_campaign_id);
      expect(sizes.length).toBe(metricsByCampaign.get(c.client_campaign_id ?? '')?.length);
    }
    for (const r of t.campaign_locations ?? []) expect(['DOH', 'LOP']).toContain(codeOf(r.client_campaign_id));
    const walkIns = groupBy(t.campaign_locations ?? [], (r) => r.client_campaign_id ?? '');
    for (const rows of walkIns.values()) {
      const names = new Set(rows.map((r) => r.location_name));
      expect(names.size).toBeGreaterThanOrEqual(2);
      expect(names.size).toBeLessThanOrEqual(3);
    }
    const events = groupBy(t.campaign_events ?? [], (r) => r.client_campaign_id ?? '');
    expect(events.size).toBe(
      campaigns.filter((c) => c.product_code === 'EVT' && c.campaign_status !== 'pending').length,
    );
    for (const [id, rows] of events) {
      expect(codeOf(id)).toBe('EVT');
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.length).toBeLessThanOrEqual(4);
      const total = sumBy(metricsByCampaign.get(id) ?? [], () => 'all').get('all');
      expect(sumBy(rows, () => 'all').get('all')).toEqual(total);
    }
  });

  it.runIf(today === TODAYS[0])(
    'writes identical files when built again for the same today',
    async () => {
      const again = await build(today);
      try {
        for (const file of files) {
          const twin = path.join(again.dir, path.basename(file));
          expect(fs.readFileSync(twin, 'utf8') === fs.readFileSync(file, 'utf8'), path.basename(file)).toBe(true);
        }
      } finally {
        fs.rmSync(again.dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
