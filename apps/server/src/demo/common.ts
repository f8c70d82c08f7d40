import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  addDays,
  ingestionEntities,
  isoWeekday,
  monthEnd,
  shiftMonthStart,
  type IngestionEntity,
} from '@portal/contracts';

/** Helpers shared by the demo builder's modules: dates, CSV, seeded randomness and exact allocation. */

export const RAW_DIR = fileURLToPath(new URL('../../seed/raw/', import.meta.url));

export const RAW = {
  dmas: 'dma/nielsen_dma_tv_homes_2012_13.csv',
  dmaFullNames: 'dma/dma_full_names.csv',
  zipDmas: 'dma/zip_to_dma.csv.gz',
  dmaBoundaries: 'geo/dma_boundaries.geojson.gz',
  zipCentroids: 'geo/us_zip_centroids_demo.csv',
  carscom: 'inventory/carscom_used_listings_2022_demo_dealers.csv',
  ancira: 'inventory/ancira_dealer_inventory_snapshots.csv',
  tabmo: 'ads/tabmo_display_campaigns_timeslot_2018_19.csv.gz',
  adwords: 'ads/google_adwords_keyword_daily_2012_13.csv.gz',
  adwordsKeywords: 'ads/google_adwords_keyword_strings.csv',
  kag: 'ads/facebook_ads_conversion_KAG.csv',
} as const;

// ---------------------------------------------------------------------------------------------
// Dates: calendar days of the portal's one calendar (@portal/contracts), which no time zone or DST
// can move.

export { addDays, daysBetween } from '@portal/contracts';
/** 0 = Sunday … 6 = Saturday. */
export const weekday = (iso: string) => isoWeekday(iso) % 7;
/** The last day of the month `monthsAhead` months after the month of `iso`. */
export const endOfMonth = (iso: string, monthsAhead = 0) => monthEnd(shiftMonthStart(iso, monthsAhead));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const monthAbbr = (iso: string) => MONTHS[Number(iso.slice(5, 7)) - 1] ?? '';

/** Shifts source dates by a fixed number of days (cached: sources repeat few distinct dates). */
export function dateShifter(days: number): (iso: string) => string {
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

/**
 * The UTC offset of America/Chicago on a calendar day (US rule since 2007: daylight time from the
 * second Sunday of March to the first Sunday of November). Computed, not looked up, so the output
 * does not depend on the ICU data of the Node build.
 */
export function chicagoOffset(iso: string): '-05:00' | '-06:00' {
  const year = Number(iso.slice(0, 4));
  const nthSunday = (month: number, n: number) => {
    const first = `${year}-${String(month).padStart(2, '0')}-01`;
    return addDays(first, ((7 - weekday(first)) % 7) + 7 * (n - 1));
  };
  return iso >= nthSunday(3, 2) && iso < nthSunday(11, 1) ? '-05:00' : '-06:00';
}

/** An ISO 8601 date-time in America/Chicago local time, with its offset. */
export function chicagoDateTime(date: string, secondsOfDay: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(secondsOfDay / 3600);
  const m = Math.floor((secondsOfDay % 3600) / 60);
  const s = secondsOfDay % 60;
  return `${date}T${pad(h)}:${pad(m)}:${pad(s)}${chicagoOffset(date)}`;
}

// ---------------------------------------------------------------------------------------------
// Reading and writing

export function readRaw(file: string): Buffer {
  const buffer = fs.readFileSync(path.join(RAW_DIR, file));
  return file.endsWith('.gz') ? gunzipSync(buffer) : buffer;
}

export function readCsv(file: string): Record<string, string>[] {
  return parse(readRaw(file), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}

/**
 * Rows as arrays, header skipped: much faster than objects for the large files. `unquoted` is for
 * files of dates and numbers only (TabMo, AdWords): turning quote handling off halves the time.
 */
export function readCsvArrays(file: string, { unquoted = false } = {}): string[][] {
  return parse(readRaw(file), {
    from_line: 2,
    skip_empty_lines: true,
    ...(unquoted ? { quote: false } : {}),
  }) as string[][];
}

export type Cell = string | number | null;
export type EntityRow<E extends IngestionEntity> = Record<keyof (typeof ingestionEntities)[E]['row']['shape'], Cell>;

export function writeEntity<E extends IngestionEntity>(outDir: string, entity: E, rows: EntityRow<E>[]): string {
  const columns = Object.keys(ingestionEntities[entity].row.shape) as (keyof EntityRow<E>)[];
  const records = rows.map((row) => columns.map((column) => row[column] ?? ''));
  const file = path.join(outDir, `${entity}.csv`);
  fs.writeFileSync(file, stringify(records, { header: true, columns: columns as string[] }));
  return file;
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: a tiny seeded PRNG, so synthetic choices are varied but reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of the parts: a stable seed per (campaign, purpose, …), so one allocation never shifts another. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}|`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  return h >>> 0;
}

/** A seeded PRNG for one purpose of one campaign (or any other key). */
export const rngFor = (...parts: (string | number)[]) => seededRandom(hashSeed(...parts));

/** A uniform number in [min, max) from a PRNG. */
export const between = (random: () => number, min: number, max: number) => min + (max - min) * random();

/** Rounds `value` down or up at random with the right odds, so small rates still add up to their mean. */
export const randomRound = (random: () => number, value: number) => Math.floor(value + random());

/** Fisher-Yates with a seeded PRNG. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** A Poisson draw (Knuth), for a few events per day. */
export function poisson(random: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}

// ---------------------------------------------------------------------------------------------
// Exact allocation

/**
 * Splits the whole number `total` into whole numbers proportional to `weights` that sum to
 * exactly `total` (largest-remainder method; ties go to the lower index).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const n = weights.length;
  if (n === 0) return [];
  let sum = 0;
  for (const w of weights) sum += w > 0 ? w : 0;
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const out = new Array<number>(n);
  const fractions: [number, number][] = [];
  let given = 0;
  for (let i = 0; i < n; i++) {
    const quota = (total * Math.max(0, weights[i] ?? 0)) / sum;
    const whole = Math.floor(quota);
    out[i] = whole;
    given += whole;
    fractions.push([quota - whole, i]);
  }
  let left = total - given;
  if (left > 0) {
    fractions.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (let k = 0; left > 0; k = (k + 1) % n, left--) out[fractions[k]![1]]! += 1;
  }
  return out;
}

/**
 * Like `allocate`, but no part exceeds its cap where the caps allow it (clicks are kept at or below
 * the impressions of the same row): the excess moves to the parts with room, largest weight first.
 */
export function allocateCapped(total: number, weights: readonly number[], caps: readonly number[]): number[] {
  const out = allocate(total, weights);
  let excess = 0;
  for (let i = 0; i < out.length; i++) {
    const cap = caps[i] ?? 0;
    if (out[i]! > cap) {
      excess += out[i]! - cap;
      out[i] = cap;
    }
  }
  if (excess === 0) return out;
  const order = weights.map((w, i) => [w, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    const room = (caps[i] ?? 0) - out[i]!;
    if (room <= 0) continue;
    const moved = Math.min(room, excess);
    out[i]! += moved;
    excess -= moved;
    if (excess === 0) break;
  }
  // More clicks than impressions in all: keep the sum exact anyway.
  if (excess > 0) out[order[0]![1]]! += excess;
  return out;
}

export interface Delivery {
  impressions: number;
  clicks: number;
}

/**
 * Splits a day's impressions and clicks over parts: impressions by `weights`, clicks by
 * `weights × clickFactors` (so CTR differs between parts) and capped by each part's impressions.
 */
export function allocateDelivery(
  delivery: Delivery,
  weights: readonly number[],
  clickFactors?: readonly number[],
): Delivery[] {
  const impressions = allocate(delivery.impressions, weights);
  const clickWeights = weights.map((w, i) => w * (clickFactors?.[i] ?? 1) * (impressions[i]! > 0 ? 1 : 0));
  const clicks = allocateCapped(delivery.clicks, clickWeights, impressions);
  return impressions.map((imp, i) => ({ impressions: imp, clicks: clicks[i]! }));
}

// ---------------------------------------------------------------------------------------------
// Misc

export const toInt = (value: string | undefined) => Number.parseInt(value ?? '', 10);
export const cents = (value: number) => Math.round(value * 100) / 100;
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function getOrInsert<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

export function sortByCampaignDate<R extends { client_campaign_id: Cell; date: Cell }>(
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
