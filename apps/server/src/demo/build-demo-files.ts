import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  ingestionEntities,
  isoDateSchema,
  productCatalog,
  type CampaignStatus,
  type CampaignType,
  type IngestionEntity,
  type ProductCode,
} from '@portal/contracts';

/**
 * Builds the demo agency's ingestion files (docs/ingestion.md) from the real public datasets
 * copied into `apps/server/seed/raw` (see its SOURCES.md and docs/demo-data.md). Every metric,
 * vehicle and address comes from those files; only dates are shifted so that the newest source
 * day becomes "yesterday". Flights, budgets, names and the assignment of source campaigns to
 * dealerships are synthetic but deterministic: the same `today` always gives the same files.
 */

const RAW_DIR = fileURLToPath(new URL('../../seed/raw/', import.meta.url));

const RAW = {
  dmas: 'dma/nielsen_dma_tv_homes_2012_13.csv',
  zipDmas: 'dma/zip_to_dma.csv.gz',
  carscom: 'inventory/carscom_used_listings_2022_demo_dealers.csv',
  ancira: 'inventory/ancira_dealer_inventory_snapshots.csv',
  tabmo: 'ads/tabmo_display_campaigns_timeslot_2018_19.csv.gz',
  adwords: 'ads/google_adwords_keyword_daily_2012_13.csv.gz',
  adwordsKeywords: 'ads/google_adwords_keyword_strings.csv',
  kag: 'ads/facebook_ads_conversion_KAG.csv',
} as const;

export interface BuildDemoFilesOptions {
  /** The demo's "today" (YYYY-MM-DD); the newest metric day is the day before. */
  today: string;
}

// ---------------------------------------------------------------------------------------------
// Dates: whole UTC days, so no time zone or DST can move them.

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => isoDay(dayNumber(iso) + days);
/** The last day of the month `monthsAhead` months after the month of `iso`. */
function endOfMonth(iso: string, monthsAhead = 0): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m + monthsAhead, 0)).toISOString().slice(0, 10);
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthAbbr = (iso: string) => MONTHS[Number(iso.slice(5, 7)) - 1] ?? '';

/** Shifts source dates by a fixed number of days (cached: sources repeat few distinct dates). */
function dateShifter(days: number): (iso: string) => string {
  const cache = new Map<string, string>();
  return (iso) => {
    let shifted = cache.get(iso);
    if (shifted === undefined) {
      shifted = addDays(iso, days);
      cache.set(iso, shifted);
    }
    return shifted;
  };
}

// ---------------------------------------------------------------------------------------------
// Reading and writing

function readRaw(file: string): Buffer {
  const buffer = fs.readFileSync(path.join(RAW_DIR, file));
  return file.endsWith('.gz') ? gunzipSync(buffer) : buffer;
}

function readCsv(file: string): Record<string, string>[] {
  return parse(readRaw(file), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}

/**
 * Rows as arrays, header skipped: much faster than objects for the large files. `unquoted` is for
 * files of dates and numbers only (TabMo, AdWords): turning quote handling off halves the time.
 */
function readCsvArrays(file: string, { unquoted = false } = {}): string[][] {
  return parse(readRaw(file), {
    from_line: 2,
    skip_empty_lines: true,
    ...(unquoted ? { quote: false } : {}),
  }) as string[][];
}

type Cell = string | number | null;
type EntityRow<E extends IngestionEntity> = Record<keyof (typeof ingestionEntities)[E]['row']['shape'], Cell>;

function writeEntity<E extends IngestionEntity>(outDir: string, entity: E, rows: EntityRow<E>[]): string {
  const columns = Object.keys(ingestionEntities[entity].row.shape) as (keyof EntityRow<E>)[];
  const records = rows.map((row) => columns.map((column) => row[column] ?? ''));
  const file = path.join(outDir, `${entity}.csv`);
  fs.writeFileSync(file, stringify(records, { header: true, columns: columns as string[] }));
  return file;
}

/** mulberry32: a tiny seeded PRNG, so synthetic choices are varied but reproducible. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const toInt = (value: string | undefined) => Number.parseInt(value ?? '', 10);
const cents = (value: number) => Math.round(value * 100) / 100;
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function getOrInsert<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Geography

function buildDmas(): EntityRow<'dmas'>[] {
  return readCsv(RAW.dmas).map((r) => ({
    dma_code: toInt(r.dma_code),
    rank: toInt(r.rank),
    name: r.dma_name ?? '',
    tv_homes: toInt(r.tv_homes),
    pct_of_us: r.pct_of_us ?? '',
  }));
}

function buildZipDmas(): EntityRow<'zip_dmas'>[] {
  return readCsvArrays(RAW.zipDmas).map(([zip = '', dma = '', description = '']) => ({
    zip_code: zip.padStart(5, '0'),
    dma_code: toInt(dma),
    dma_description: description,
  }));
}

// ---------------------------------------------------------------------------------------------
// Dealerships and inventory

const ORGANIZATION_ID = 1;
/** Rooftops whose sold report is switched on in the demo (documented in docs/demo-data.md). */
const SOLD_REPORT_DEALERSHIPS = new Set([101, 104, 207]);
const SAN_ANTONIO_DMA = 641;
const LAREDO_DMA = 749;

interface Dealership {
  id: number;
  name: string;
  shortName: string;
  street: string | null;
  state: string;
  zip: string | null;
  dmaCode: number | null;
  /** Listings in the source file, in file order. */
  listings: Record<string, string>[];
}

/** A readable short name for campaign names: drops marketing suffixes and long brand lists. */
function shortName(name: string): string {
  return name
    .replace(/\s+-\s+.*$/, '')
    .replace(/\bAutomotive\s+/, '')
    .replace(/\s+Delivery Center$/, '')
    .replace(/Chrysler Jeep Dodge Ram/i, 'CJDR')
    .replace(/Chrysler Dodge Jeep Ram/i, 'CDJR')
    .replace(/Volkswagen/, 'VW')
    .trim();
}

const missing = (value: string | undefined) =>
  value === undefined || value.trim() === '' || value === '–' ? null : value.trim();

function loadDealerships(zipToDma: Map<string, number>): Dealership[] {
  // Cars.com: the 8 dealer sellers of the subset, ranked as when they were picked (SOURCES.md).
  const sellers = new Map<string, Record<string, string>[]>();
  for (const row of readCsv(RAW.carscom)) {
    if (row.SellerType !== 'Dealer') continue;
    getOrInsert(sellers, row.SellerName ?? '', () => []).push(row);
  }
  const stockedVins = (rows: Record<string, string>[]) =>
    new Set(rows.filter((r) => missing(r['Stock#']) !== null).map((r) => r.VIN)).size;
  const ranked = [...sellers.entries()].sort(
    ([nameA, a], [nameB, b]) => stockedVins(b) - stockedVins(a) || compareText(nameA, nameB),
  );
  const carscom = ranked.map(([name, listings], index): Dealership => {
    const first = listings[0] ?? {};
    const zip = missing(first.Zipcode)?.padStart(5, '0') ?? null;
    return {
      id: 101 + index,
      name,
      shortName: shortName(name),
      street: missing(first.StreetName),
      state: first.State ?? '',
      zip,
      dmaCode: zip === null ? null : (zipToDma.get(zip) ?? null),
      listings,
    };
  });

  // Ancira: one dealership per rooftop, in name order; the data has no street or ZIP.
  const rooftops = new Map<string, Record<string, string>[]>();
  for (const row of readCsv(RAW.ancira)) getOrInsert(rooftops, row.dealership ?? '', () => []).push(row);
  const ancira = [...rooftops.keys()].sort(compareText).map((name, index): Dealership => ({
    id: 201 + index,
    name,
    shortName: shortName(name),
    street: null,
    state: 'TX',
    zip: null,
    dmaCode: /laredo/i.test(name) ? LAREDO_DMA : SAN_ANTONIO_DMA,
    listings: rooftops.get(name) ?? [],
  }));
  return [...carscom, ...ancira];
}

function buildDealershipRows(dealerships: Dealership[]): EntityRow<'dealerships'>[] {
  return dealerships.map((d, index) => ({
    id: d.id,
    organization_id: ORGANIZATION_ID,
    name: d.name,
    street: d.street,
    city: null,
    state: d.state,
    zip: d.zip,
    dma_code: d.dmaCode,
    enable_facebook_campaign_conversions: index % 2 === 0 ? 1 : 0,
    has_sold_report_source: SOLD_REPORT_DEALERSHIPS.has(d.id) ? 1 : 0,
  }));
}

function carscomVehicle(dealershipId: number, r: Record<string, string>): EntityRow<'inventory_vehicles'> {
  const price = /^\$([\d,]+)/.exec(r.Price ?? '');
  const mileage = missing(r.Mileage);
  return {
    dealership_id: dealershipId,
    vin: r.VIN ?? '',
    stock_number: missing(r['Stock#']),
    year: toInt(r.Year),
    make: r.Make ?? '',
    model: r.Model ?? '',
    trim: null,
    body_style: null,
    vehicle_state: /certified$/i.test(r['Used/New'] ?? '') ? 'Certified used' : 'Used',
    price: price?.[1] ? Number(price[1].replaceAll(',', '')) : null,
    mileage: mileage === null ? null : toInt(mileage),
    exterior_color: missing(r.ExteriorColor),
    image_url: null,
    first_seen_date: null,
  };
}

function anciraVehicle(
  dealershipId: number,
  latest: Record<string, string>,
  firstSeen: string,
): EntityRow<'inventory_vehicles'> {
  const price = toInt(latest.price);
  return {
    dealership_id: dealershipId,
    vin: latest.vin_num ?? '',
    stock_number: null,
    year: toInt(latest.year),
    make: latest.make ?? '',
    model: latest.model ?? '',
    trim: missing(latest.trim),
    body_style: missing(latest.body_style),
    vehicle_state: 'Used',
    price: price >= 0 ? price : null,
    mileage: missing(latest.mileage) === null ? null : toInt(latest.mileage),
    exterior_color: missing(latest.ext_color),
    image_url: null,
    first_seen_date: firstSeen,
  };
}

function buildInventory(dealerships: Dealership[]): EntityRow<'inventory_vehicles'>[] {
  const rows: EntityRow<'inventory_vehicles'>[] = [];
  for (const d of dealerships) {
    if (d.id < 200) {
      const seen = new Set<string>();
      for (const listing of d.listings) {
        if (seen.has(listing.VIN ?? '')) continue;
        seen.add(listing.VIN ?? '');
        rows.push(carscomVehicle(d.id, listing));
      }
      continue;
    }
    // Ancira snapshots: the latest row of each VIN at this rooftop, first seen at its earliest snapshot.
    const byVin = new Map<string, { latest: Record<string, string>; firstSeen: string }>();
    for (const listing of d.listings) {
      const date = listing.alert_dt ?? '';
      const entry = byVin.get(listing.vin_num ?? '');
      if (entry === undefined) byVin.set(listing.vin_num ?? '', { latest: listing, firstSeen: date });
      else {
        if (date >= (entry.latest.alert_dt ?? '')) entry.latest = listing;
        if (date < entry.firstSeen) entry.firstSeen = date;
      }
    }
    for (const { latest, firstSeen } of byVin.values()) rows.push(anciraVehicle(d.id, latest, firstSeen));
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Campaign plan: which product codes each dealership runs, with which status and source.

type Source = 'tabmo' | 'adwords' | 'kag';

const PRODUCTS = {
  DYD: { type: 'display', source: 'tabmo', theme: 'Used Inventory', cpm: 8 },
  SEM: { type: 'search', source: 'adwords', theme: 'Brand Search', cpm: 4 },
  FBD: { type: 'social', source: 'kag', theme: 'Facebook Dynamic', cpm: 6 },
  OTT: { type: 'video', source: 'tabmo', theme: 'Streaming TV', cpm: 28 },
  VLA: { type: 'search', source: 'adwords', theme: 'Vehicle Listings', cpm: 4 },
  MOB: { type: 'display', source: 'tabmo', theme: 'Mobile Conquest', cpm: 6 },
  DYN: { type: 'social', source: 'kag', theme: 'Dynamic Social Inventory', cpm: 6 },
  DSP: { type: 'display', source: 'tabmo', theme: 'Brand Awareness', cpm: 7 },
  INV: { type: 'search', source: 'adwords', theme: 'Inventory Search', cpm: 4 },
  VID: { type: 'video', source: 'tabmo', theme: 'Pre-Roll Video', cpm: 20 },
  AUD: { type: 'audio', source: 'tabmo', theme: 'Streaming Audio', cpm: 15 },
  DOH: { type: 'ooh', source: 'tabmo', theme: 'Digital Billboards', cpm: 12 },
  AUDIENCE: { type: 'audience', source: 'tabmo', theme: 'In-Market Shoppers', cpm: 10 },
} as const satisfies Partial<Record<ProductCode, { type: CampaignType; source: Source; theme: string; cpm: number }>>;

type DemoCode = keyof typeof PRODUCTS;
/** Codes are handed out in this cycle, so each dealership gets distinct codes and every code recurs. */
const CODE_CYCLE = Object.keys(PRODUCTS) as DemoCode[];
const VENDORS: Record<Source, string> = { tabmo: 'TabMo', adwords: 'Google Ads', kag: 'Meta' };
const BUDGETS = [1500, 2500, 3000, 5000, 7500];
const FIRST_CLIENT_CAMPAIGN_ID = 100001;

interface PlannedCampaign {
  id: number;
  dealership: Dealership;
  code: DemoCode;
  status: CampaignStatus;
}

/** Statuses depend only on the data, never on `today`, so every build has the same plan. */
function planCampaigns(dealerships: Dealership[], tabmoActivePool: number): PlannedCampaign[] {
  const plan: PlannedCampaign[] = [];
  let cycle = 0;
  let tabmoActive = 0;
  const perDealership = dealerships.map((dealership, index) => {
    const count = 4 + ((index * 3) % 5); // 4..8 campaigns
    const pendingCount = count >= 7 ? 2 : 1;
    const campaigns = Array.from({ length: count }, (_, slot): PlannedCampaign => {
      const code = CODE_CYCLE[cycle++ % CODE_CYCLE.length] as DemoCode;
      return { id: 0, dealership, code, status: slot >= count - pendingCount ? 'pending' : 'ended' };
    });
    const running = campaigns.filter((c) => c.status !== 'pending');
    // One active campaign per dealership; search and social data run up to yesterday, so they
    // come first; a TabMo campaign only if it can take one that runs to the end of the data.
    const anchor = running.find((c) => PRODUCTS[c.code].source !== 'tabmo') ?? running[0];
    if (anchor) {
      if (PRODUCTS[anchor.code].source === 'tabmo') tabmoActive++;
      anchor.status = 'active';
    }
    return campaigns;
  });
  // Spend the rest of the TabMo campaigns that run to the end on more active display-like
  // campaigns (DYD first), keeping at least one ended campaign per dealership.
  for (const preferDyd of [true, false]) {
    for (const campaigns of perDealership) {
      if (tabmoActive >= tabmoActivePool) break;
      const ended = campaigns.filter((c) => c.status === 'ended');
      const pick = ended.find((c) => PRODUCTS[c.code].source === 'tabmo' && (!preferDyd || c.code === 'DYD'));
      if (
        pick &&
        ended.length >= 2 &&
        !campaigns.some((c) => c.status === 'active' && PRODUCTS[c.code].source === 'tabmo')
      ) {
        pick.status = 'active';
        tabmoActive++;
      }
    }
  }
  if (tabmoActive > tabmoActivePool) {
    throw new Error(
      `Demo plan needs ${tabmoActive} TabMo campaigns that run to the end; the data has ${tabmoActivePool}`,
    );
  }
  for (const campaigns of perDealership) {
    for (const campaign of campaigns) {
      campaign.id = FIRST_CLIENT_CAMPAIGN_ID + plan.length;
      plan.push(campaign);
    }
  }
  return plan;
}

interface Flight {
  start: string;
  end: string;
}

interface DailyTotals {
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  sales: number;
}

interface CampaignOutput {
  planned: PlannedCampaign;
  flight: Flight;
  vendorCampaignName: string;
  daily: Map<string, DailyTotals>;
}

const emptyTotals = (): DailyTotals => ({ impressions: 0, clicks: 0, spend: 0, conversions: 0, sales: 0 });

interface Delivery {
  impressions: number;
  clicks: number;
}

// ---------------------------------------------------------------------------------------------
// TabMo → display, video, audio, ooh and audience campaigns

interface TabmoCampaign {
  id: string;
  first: string;
  last: string;
  impressions: number;
  byDate: Map<string, { impressions: number; clicks: number; app: [number, number]; site: [number, number] }>;
}

interface TabmoData {
  campaigns: TabmoCampaign[];
  newest: string;
}

function loadTabmo(): TabmoData {
  const campaigns = new Map<string, TabmoCampaign>();
  let newest = '';
  for (const [id = '', date = '', , , , appOrSite, impressions, clicks] of readCsvArrays(RAW.tabmo, {
    unquoted: true,
  })) {
    const campaign = getOrInsert(campaigns, id, () => ({
      id,
      first: date,
      last: date,
      impressions: 0,
      byDate: new Map(),
    }));
    const day = getOrInsert(campaign.byDate, date, () => ({ impressions: 0, clicks: 0, app: [0, 0], site: [0, 0] }));
    const imp = toInt(impressions);
    const clk = toInt(clicks);
    day.impressions += imp;
    day.clicks += clk;
    const placement = appOrSite === 'site' ? day.site : day.app;
    placement[0] += imp;
    placement[1] += clk;
    campaign.impressions += imp;
    if (date < campaign.first) campaign.first = date;
    if (date > campaign.last) campaign.last = date;
    if (date > newest) newest = date;
  }
  return { campaigns: [...campaigns.values()], newest };
}

/** TabMo campaigns whose data reaches to within this many days of the newest TabMo date feed active campaigns. */
const TABMO_RUNS_TO_END_DAYS = 2;
/** Tiny TabMo campaigns (a few dozen impressions) make poor demo campaigns. */
const TABMO_MIN_IMPRESSIONS = 1000;

function splitTabmoPools(tabmo: TabmoData) {
  const cutoff = addDays(tabmo.newest, -TABMO_RUNS_TO_END_DAYS);
  const byRecency = (a: TabmoCampaign, b: TabmoCampaign) =>
    compareText(b.last, a.last) || b.impressions - a.impressions || toInt(a.id) - toInt(b.id);
  const usable = tabmo.campaigns.filter((c) => c.impressions >= TABMO_MIN_IMPRESSIONS);
  return {
    active: usable.filter((c) => c.last >= cutoff).sort(byRecency),
    ended: usable.filter((c) => c.last < cutoff).sort(byRecency),
  };
}

// ---------------------------------------------------------------------------------------------
// Metrics per source. Each builder gives its campaigns a flight and their daily totals, plus the
// breakdown rows of its source.

interface BuildContext {
  today: string;
  yesterday: string;
  /** End of an active flight: the last day of this month or of next month, alternating. */
  activeEnd: () => string;
}

/** Pending campaigns start on the 1st or the 15th of next month and have no metrics. */
function pendingCampaigns(plan: PlannedCampaign[], ctx: BuildContext): CampaignOutput[] {
  const firstOfNextMonth = addDays(endOfMonth(ctx.today), 1);
  return plan
    .filter((c) => c.status === 'pending')
    .map((planned, n) => {
      const start = addDays(firstOfNextMonth, (n % 2) * 14);
      const flight = { start, end: addDays(start, [29, 59, 89][n % 3] ?? 29) };
      return { planned, flight, vendorCampaignName: '', daily: new Map() };
    });
}

/** TabMo: one whole source campaign per demo campaign, dates shifted so the newest TabMo day is yesterday. */
function tabmoCampaigns(plan: PlannedCampaign[], ctx: BuildContext, tabmo: TabmoData) {
  const pools = splitTabmoPools(tabmo);
  const shift = dateShifter(dayNumber(ctx.yesterday) - dayNumber(tabmo.newest));
  const placements: EntityRow<'campaign_placements'>[] = [];
  const taken = { active: 0, ended: 0 };
  const outputs = plan
    .filter((c) => c.status !== 'pending' && PRODUCTS[c.code].source === 'tabmo')
    .map((planned): CampaignOutput => {
      const active = planned.status === 'active';
      const source = active ? pools.active[taken.active++] : pools.ended[taken.ended++];
      if (!source) throw new Error(`Not enough TabMo campaigns for the demo plan (${planned.status})`);
      const daily = new Map<string, DailyTotals>();
      for (const [date, day] of [...source.byDate.entries()].sort(([a], [b]) => compareText(a, b))) {
        const shifted = shift(date);
        daily.set(shifted, { ...emptyTotals(), impressions: day.impressions, clicks: day.clicks });
        for (const [placement, [impressions, clicks]] of [
          ['App', day.app],
          ['Site', day.site],
        ] as const) {
          if (impressions === 0 && clicks === 0) continue;
          placements.push({ client_campaign_id: planned.id, date: shifted, placement, impressions, clicks });
        }
      }
      const flight = { start: shift(source.first), end: active ? ctx.activeEnd() : shift(source.last) };
      return { planned, flight, vendorCampaignName: `TabMo campaign ${source.id}`, daily };
    });
  return { outputs, placements };
}

/**
 * AdWords: the keyword ids, in numeric order, are dealt round-robin to the search campaigns (the id
 * at position j goes to group j mod N); a campaign gets its keywords' rows inside its flight only.
 */
function searchCampaigns(plan: PlannedCampaign[], ctx: BuildContext) {
  const planned = plan.filter((c) => c.status !== 'pending' && PRODUCTS[c.code].source === 'adwords');
  const outputs = planned.map((campaign, n): CampaignOutput => {
    let flight: Flight;
    if (campaign.status === 'active') {
      const start = addDays(ctx.today, -(21 + 7 * (n % 5)));
      flight = { start, end: addDays(start, ([60, 75, 90, 105, 120][n % 5] ?? 90) - 1) };
    } else {
      const end = addDays(ctx.today, -(4 + 9 * (n % 7)));
      flight = { start: addDays(end, -(([60, 75, 90][n % 3] ?? 60) - 1)), end };
    }
    const vendorCampaignName = `AdWords keyword group ${n + 1} of ${planned.length}`;
    return { planned: campaign, flight, vendorCampaignName, daily: new Map() };
  });
  const keywords: EntityRow<'campaign_keywords'>[] = [];
  if (outputs.length === 0) return { outputs, keywords };

  const keywordStrings = new Map(readCsv(RAW.adwordsKeywords).map((r) => [r.keyword_id, r.keyword_string]));
  const adwords = readCsvArrays(RAW.adwords, { unquoted: true });
  let newest = '';
  const keywordIds = new Set<number>();
  for (const [date = '', keywordId] of adwords) {
    if (date > newest) newest = date;
    keywordIds.add(toInt(keywordId));
  }
  const groupOf = new Map([...keywordIds].sort((a, b) => a - b).map((id, j) => [id, j % outputs.length]));
  const shift = dateShifter(dayNumber(ctx.yesterday) - dayNumber(newest));
  // The source has one row per keyword and day, so each kept row is one campaign_keywords row.
  for (const [date = '', keywordIdText = '', impressionsText, clicksText] of adwords) {
    const keywordId = toInt(keywordIdText);
    const output = outputs[groupOf.get(keywordId) ?? 0];
    const shifted = shift(date);
    if (!output || shifted < output.flight.start || shifted > output.flight.end) continue;
    const impressions = toInt(impressionsText);
    const clicks = toInt(clicksText);
    const day = getOrInsert(output.daily, shifted, emptyTotals);
    day.impressions += impressions;
    day.clicks += clicks;
    keywords.push({
      client_campaign_id: output.planned.id,
      date: shifted,
      keyword_id: keywordId,
      keyword: keywordStrings.get(keywordIdText) ?? null,
      impressions,
      clicks,
      impression_share: null,
      click_share: null,
    });
  }
  return { outputs, keywords };
}

/**
 * Facebook KAG (no dates): ads grouped by (xyz_campaign_id, interest), each group dealt to the social
 * campaign with the fewest ads so far; within a campaign the ads, in ad_id order, go round-robin over
 * the days of its flight up to yesterday.
 */
function socialCampaigns(plan: PlannedCampaign[], ctx: BuildContext) {
  const planned = plan.filter((c) => c.status !== 'pending' && PRODUCTS[c.code].source === 'kag');
  const outputs = planned.map((campaign, n): CampaignOutput => {
    let flight: Flight;
    if (campaign.status === 'active') flight = { start: addDays(ctx.today, -(14 + 7 * (n % 3))), end: ctx.activeEnd() };
    else {
      const end = addDays(ctx.today, -(6 + 10 * (n % 4)));
      flight = { start: addDays(end, -(n % 2 === 0 ? 29 : 44)), end };
    }
    const vendorCampaignName = `Facebook ad set group ${n + 1} of ${planned.length}`;
    return { planned: campaign, flight, vendorCampaignName, daily: new Map() };
  });
  const demographics: EntityRow<'campaign_demographics'>[] = [];
  if (outputs.length === 0) return { outputs, demographics };

  const byAdId = (a: Record<string, string>, b: Record<string, string>) => toInt(a.ad_id) - toInt(b.ad_id);
  const groups = new Map<string, Record<string, string>[]>();
  for (const ad of readCsv(RAW.kag).sort(byAdId)) {
    getOrInsert(groups, `${ad.xyz_campaign_id}|${ad.interest}`, () => []).push(ad);
  }
  const groupKeys = [...groups.keys()].sort((a, b) => {
    const [campaignA = 0, interestA = 0] = a.split('|').map(Number);
    const [campaignB = 0, interestB = 0] = b.split('|').map(Number);
    return campaignA - campaignB || interestA - interestB;
  });
  const adsPerCampaign = outputs.map(() => [] as Record<string, string>[]);
  for (const key of groupKeys) {
    let target = 0;
    adsPerCampaign.forEach((ads, i) => {
      if (ads.length < (adsPerCampaign[target]?.length ?? 0)) target = i;
    });
    adsPerCampaign[target]?.push(...(groups.get(key) ?? []));
  }

  outputs.forEach((output, i) => {
    const lastDay = output.flight.end < ctx.yesterday ? output.flight.end : ctx.yesterday;
    const days: string[] = [];
    for (let d = output.flight.start; d <= lastDay; d = addDays(d, 1)) days.push(d);
    if (days.length === 0) return;
    const demographicTotals = new Map<string, { date: string; age: string; gender: string; delivery: Delivery }>();
    (adsPerCampaign[i] ?? []).sort(byAdId).forEach((ad, j) => {
      const date = days[j % days.length] ?? '';
      const impressions = toInt(ad.Impressions);
      const clicks = toInt(ad.Clicks);
      const day = getOrInsert(output.daily, date, emptyTotals);
      day.impressions += impressions;
      day.clicks += clicks;
      day.spend += Number(ad.Spent);
      day.conversions += toInt(ad.Total_Conversion);
      day.sales += toInt(ad.Approved_Conversion);
      const age = ad.age ?? '';
      const gender = ad.gender === 'F' ? 'female' : ad.gender === 'M' ? 'male' : 'unknown';
      const total = getOrInsert(demographicTotals, `${date}|${age}|${gender}`, () => ({
        date,
        age,
        gender,
        delivery: { impressions: 0, clicks: 0 },
      }));
      total.delivery.impressions += impressions;
      total.delivery.clicks += clicks;
    });
    for (const { date, age, gender, delivery } of demographicTotals.values()) {
      demographics.push({ client_campaign_id: output.planned.id, date, age_group: age, gender, ...delivery });
    }
  });
  return { outputs, demographics };
}

// ---------------------------------------------------------------------------------------------
// Build

export async function buildDemoFiles(outDir: string, options: BuildDemoFilesOptions): Promise<{ files: string[] }> {
  const today = isoDateSchema.parse(options.today);
  let activeEnds = 0;
  const ctx: BuildContext = {
    today,
    yesterday: addDays(today, -1),
    activeEnd: () => endOfMonth(today, activeEnds++ % 2),
  };

  const dmas = buildDmas();
  const zipDmas = buildZipDmas();
  const zipToDma = new Map(zipDmas.map((z) => [String(z.zip_code), Number(z.dma_code)]));
  const dealerships = loadDealerships(zipToDma);
  const tabmoData = loadTabmo();
  const plan = planCampaigns(dealerships, splitTabmoPools(tabmoData).active.length);

  const tabmo = tabmoCampaigns(plan, ctx, tabmoData);
  const search = searchCampaigns(plan, ctx);
  const social = socialCampaigns(plan, ctx);
  const outputs = [...pendingCampaigns(plan, ctx), ...tabmo.outputs, ...search.outputs, ...social.outputs].sort(
    (a, b) => a.planned.id - b.planned.id,
  );

  fs.mkdirSync(outDir, { recursive: true });
  const files = [
    writeEntity(outDir, 'dmas', dmas),
    writeEntity(outDir, 'zip_dmas', zipDmas),
    writeEntity(outDir, 'organizations', [
      { id: ORGANIZATION_ID, name: 'Demo Agency', show_budget_type: 2, time_zone: 'America/Chicago' },
    ]),
    writeEntity(outDir, 'dealerships', buildDealershipRows(dealerships)),
    writeEntity(outDir, 'inventory_vehicles', buildInventory(dealerships)),
    writeEntity(outDir, 'campaigns', campaignRows(outputs)),
    writeEntity(outDir, 'campaign_daily_metrics', dailyMetricRows(outputs)),
    writeEntity(
      outDir,
      'campaign_placements',
      sortByCampaignDate(tabmo.placements, (r) => String(r.placement)),
    ),
    writeEntity(
      outDir,
      'campaign_demographics',
      sortByCampaignDate(social.demographics, (r) => `${r.age_group}|${r.gender}`),
    ),
    writeEntity(
      outDir,
      'campaign_keywords',
      sortByCampaignDate(search.keywords, (r) => String(r.keyword_id).padStart(12, '0')),
    ),
  ];
  return { files };
}

function campaignRows(outputs: CampaignOutput[]): EntityRow<'campaigns'>[] {
  let dydCount = 0;
  return outputs.map(({ planned, flight, vendorCampaignName, daily }) => {
    const product = PRODUCTS[planned.code];
    const budget = BUDGETS[Math.floor(seededRandom(planned.id)() * BUDGETS.length)] ?? 3000;
    let delivered = 0;
    for (const day of daily.values()) delivered += day.impressions;
    const booked =
      planned.status === 'pending'
        ? Math.round((budget / product.cpm) * 1000) // what the budget buys at a typical CPM
        : Math.max(1000, Math.ceil((delivered * 1.15) / 1000) * 1000);
    const showDyd = planned.code === 'DYD' && dydCount++ % 2 === 0 ? 1 : 0;
    return {
      client_campaign_id: planned.id,
      dealership_id: planned.dealership.id,
      client_campaign_display_name: `${planned.dealership.shortName} - ${product.theme} ${planned.code} ${monthAbbr(flight.start)}`,
      vendor_campaign_name: vendorCampaignName || null,
      campaign_status: planned.status,
      start_date: flight.start,
      end_date: flight.end,
      product_code: planned.code,
      product_name: productCatalog[planned.code].name,
      campaign_type: product.type,
      vendor: VENDORS[product.source],
      budget,
      demand_local_net: cents(budget * 0.8),
      booked_impressions: Math.round(booked / 1000) * 1000,
      show_roas: showDyd,
      show_site_list: showDyd,
      show_ad_previews: showDyd,
    };
  });
}

function dailyMetricRows(outputs: CampaignOutput[]): EntityRow<'campaign_daily_metrics'>[] {
  const rows: EntityRow<'campaign_daily_metrics'>[] = [];
  for (const { planned, daily } of outputs) {
    for (const [date, day] of [...daily.entries()].sort(([a], [b]) => compareText(a, b))) {
      rows.push({
        client_campaign_id: planned.id,
        date,
        impressions: day.impressions,
        clicks: day.clicks,
        views: 0,
        reach: null,
        spend: cents(day.spend),
        conversions: day.conversions,
        sales: day.sales,
        calls: 0,
        leads: 0,
        video_25: 0,
        video_50: 0,
        video_75: 0,
        video_100: 0,
      });
    }
  }
  return rows;
}

function sortByCampaignDate<R extends { client_campaign_id: Cell; date: Cell }>(
  rows: R[],
  tail: (row: R) => string,
): R[] {
  return rows.sort(
    (a, b) =>
      Number(a.client_campaign_id) - Number(b.client_campaign_id) ||
      compareText(String(a.date), String(b.date)) ||
      compareText(tail(a), tail(b)),
  );
}
