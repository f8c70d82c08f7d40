import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestionEntities, type IngestionEntity } from '@portal/contracts';
import { buildDemoFiles } from '../../../src/demo/build-demo-files';

type Row = Record<string, string>;

/** A mid-month today, and a month-end leap day (active flights may end on today itself). */
const TODAYS = ['2025-11-20', '2024-02-29'];

const RAW_DIR = fileURLToPath(new URL('../../../seed/raw/', import.meta.url));
const REQUIRED_CODES = ['DYD', 'DYN', 'FBD', 'VLA', 'SEM', 'INV', 'MOB', 'OTT', 'VID', 'AUD', 'DOH', 'DSP', 'AUDIENCE'];
const SEARCH_CODES = new Set(['SEM', 'VLA', 'INV']);
const SOCIAL_CODES = new Set(['FBD', 'DYN']);

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
  const { files } = await buildDemoFiles(dir, { today });
  const tables: Record<string, Row[]> = {};
  for (const file of files) {
    tables[path.basename(file, '.csv')] = parse(fs.readFileSync(file), { columns: true }) as Row[];
  }
  return { dir, files, tables };
}

describe.each(TODAYS)('buildDemoFiles with today %s', (today) => {
  const yesterday = addDays(today, -1);
  let dir = '';
  let files: string[] = [];
  let t: Record<string, Row[]> = {};
  let campaigns: Row[] = [];
  let metricsByCampaign = new Map<string, Row[]>();

  beforeAll(async () => {
    ({ dir, files, tables: t } = await build(today));
    campaigns = t.campaigns ?? [];
    metricsByCampaign = new Map();
    for (const row of t.campaign_daily_metrics ?? []) {
      const list = metricsByCampaign.get(row.client_campaign_id ?? '') ?? [];
      list.push(row);
      metricsByCampaign.set(row.client_campaign_id ?? '', list);
    }
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes one CSV per entity whose header is the contract keys and whose rows all pass the schema', () => {
    expect(Object.keys(t).sort()).toEqual(
      [
        'dmas',
        'zip_dmas',
        'organizations',
        'dealerships',
        'inventory_vehicles',
        'campaigns',
        'campaign_daily_metrics',
        'campaign_placements',
        'campaign_demographics',
        'campaign_keywords',
      ].sort(),
    );
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
    for (const entity of [
      'campaign_daily_metrics',
      'campaign_placements',
      'campaign_demographics',
      'campaign_keywords',
    ]) {
      const outside = (t[entity] ?? []).filter((row) => {
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

  it('feeds each display/video/audio/ooh/audience campaign one whole TabMo campaign, shifted to end yesterday', () => {
    const tabmoTotals = sumBy(rawTabmo, (r) => r.campaign_id ?? '');
    const shift = daysBetween(maxOf(rawTabmo.map((r) => r.date ?? '')), yesterday);
    const tabmoFed = campaigns.filter((c) => c.vendor === 'TabMo' && c.campaign_status !== 'pending');
    const sources = tabmoFed.map((c) => /^TabMo campaign (\d+)$/.exec(c.vendor_campaign_name ?? '')?.[1] ?? '');
    expect(new Set(sources).size).toBe(tabmoFed.length);
    tabmoFed.forEach((c, i) => {
      const source = sources[i] ?? '';
      const rows = metricsByCampaign.get(c.client_campaign_id ?? '') ?? [];
      const total = sumBy(rows, () => 'all').get('all');
      expect(total, `${c.client_campaign_id} <- TabMo ${source}`).toEqual(tabmoTotals.get(source));
      const sourceDates = rawTabmo.filter((r) => r.campaign_id === source).map((r) => r.date ?? '');
      expect(c.start_date).toBe(addDays(minOf(sourceDates), shift));
      if (c.campaign_status === 'ended') expect(c.end_date).toBe(addDays(maxOf(sourceDates), shift));
      const placements = (t.campaign_placements ?? []).filter((p) => p.client_campaign_id === c.client_campaign_id);
      expect(sumBy(placements, () => 'all').get('all')).toEqual(total);
    });
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
    const named = (t.campaign_keywords ?? []).filter((k) => k.keyword !== '');
    expect(new Set(named.map((k) => k.keyword))).toEqual(new Set(['+salewa +trainer', 'salewa firetail', 'salewa']));
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
    for (const c of social)
      expect(metricsByCampaign.get(c.client_campaign_id ?? '')?.every((r) => r.reach === '')).toBe(true);
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
