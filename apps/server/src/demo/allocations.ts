import { productCatalog, type ProductCode } from '@portal/contracts';
import {
  allocate,
  allocateDelivery,
  between,
  cents,
  getOrInsert,
  hashSeed,
  randomRound,
  rngFor,
  seededRandom,
  shuffled,
  slug,
  type Delivery,
  type EntityRow,
} from './common';
import { APP_SIZES, CREATIVE_URL_PREFIX, planCreatives, type CreativeSpec } from './creatives';
import { distanceKm, type Dma } from './dealerships';
import { INVENTORY_CODES, productTheme } from './plan';
import { sortedDays, type CampaignOutput } from './sources';
import type { OnLot } from './dealerships';

/**
 * Breakdowns that no real dataset has, ALLOCATED from each campaign's real daily totals
 * (docs/demo-data.md): for every campaign, day and metric the rows sum exactly to the day's value
 * (largest remainder). Weights come from a PRNG seeded by the campaign id and the breakdown's name.
 */

export interface InventoryVehicle {
  vin: string;
  price: number | null;
  /** The days the vehicle was on the lot (Ancira history); absent: every day. */
  onLot?: OnLot;
}

export interface AllocationInput {
  outputs: CampaignOutput[];
  dmas: Dma[];
  inventory: Map<number, InventoryVehicle[]>;
  showRoas: Set<number>;
}

const familyOf = (code: ProductCode) => productCatalog[code].family;
/** A day's weights times a ±`spread` jitter, so shares move a little from day to day. */
const jittered = (weights: readonly number[], random: () => number, spread: number) =>
  weights.map((w) => w * between(random, 1 - spread, 1 + spread));

function pushDelivery<R>(rows: R[], parts: Delivery[], make: (index: number, delivery: Delivery) => R) {
  parts.forEach((delivery, index) => {
    if (delivery.impressions > 0 || delivery.clicks > 0) rows.push(make(index, delivery));
  });
}

// ---------------------------------------------------------------------------------------------
// Reach and video completion (campaign_daily_metrics)

/**
 * How far viewers (or listeners) get, by code: TV-like inventory is watched to the end, skippable
 * pre-roll is not, and streaming audio spots are heard to the end by nearly everyone.
 */
function videoProfile(code: ProductCode, random: () => number): [number, number, number, number] {
  const [start, step] =
    code === 'TRV'
      ? [between(random, 0.38, 0.52), [0.74, 0.86]]
      : code === 'OTT' || code === 'CTV' || code === 'AVP'
        ? [between(random, 0.95, 0.99), [0.95, 0.99]]
        : code === 'AUD'
          ? [between(random, 0.93, 0.98), [0.94, 0.98]]
          : [between(random, 0.8, 0.9), [0.84, 0.92]];
  const q25 = start;
  const q50 = q25 * between(random, step[0]!, step[1]!);
  const q75 = q50 * between(random, step[0]!, step[1]!);
  const q100 = q75 * between(random, step[0]!, step[1]!);
  return [q25, q50, q75, q100];
}

/**
 * The completion rates of one day: the campaign's profile times a factor seeded per calendar month
 * (0.9-1.06: creative fatigue, new inventory) and a ±4 % daily wobble, kept at or below 99.5 % and
 * decreasing from quartile to quartile. So VTR differs by campaign, month and day.
 */
function dayQuartiles(profile: readonly number[], monthFactor: number, random: () => number): number[] {
  const factor = monthFactor * between(random, 0.96, 1.04);
  let previous = 0.995;
  return profile.map((q) => (previous = Math.min(previous, q * factor)));
}

/**
 * Social and video codes get a daily reach of impressions ÷ f (f a 1.3-2.8 frequency per campaign);
 * video and audio codes get quartile completions as decreasing fractions of impressions (varying
 * by month and day, `dayQuartiles`), and views = video_100 (audio: the completed listens).
 */
export function fillReachAndVideo(outputs: CampaignOutput[]) {
  for (const output of outputs) {
    const family = familyOf(output.planned.code);
    if (family !== 'social' && family !== 'video' && family !== 'audio') continue;
    const random = rngFor(output.planned.id, 'reach');
    const frequency = between(random, 1.3, 2.8);
    const profile = family === 'social' ? null : videoProfile(output.planned.code, random);
    const dailyRandom = rngFor(output.planned.id, 'completion-days');
    const monthFactors = new Map<string, number>();
    for (const [date, day] of sortedDays(output)) {
      if (family !== 'audio') day.reach = Math.round(day.impressions / frequency);
      if (!profile) continue;
      const month = date.slice(0, 7);
      const monthFactor = getOrInsert(monthFactors, month, () =>
        between(rngFor(output.planned.id, 'completion', month), 0.9, 1.06),
      );
      const quartiles = dayQuartiles(profile, monthFactor, dailyRandom);
      [day.video25, day.video50, day.video75, day.video100] = quartiles.map((q) => Math.round(day.impressions * q)) as [
        number,
        number,
        number,
        number,
      ];
      day.views = day.video100;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// DMAs

/** The home DMA takes 60-75 %, the rest goes to 4-8 of the 10 nearest DMAs, weighted by TV homes. */
function allocateDmas(output: CampaignOutput, dmas: Dma[], rows: EntityRow<'campaign_dmas'>[]) {
  const dealership = output.planned.dealership;
  const home = dmas.find((d) => d.code === dealership.dmaCode);
  if (!home?.center) return;
  const homeCenter = home.center;
  const random = rngFor(output.planned.id, 'dmas');
  const nearest = dmas
    .filter((d) => d.code !== home.code && d.center)
    .map((d) => ({ dma: d, km: distanceKm(homeCenter, d.center!) }))
    .sort((a, b) => a.km - b.km || a.dma.code - b.dma.code)
    .slice(0, 10)
    .map((n) => n.dma);
  const others = shuffled(nearest, random)
    .slice(0, 4 + Math.floor(random() * 5))
    .sort((a, b) => a.code - b.code);
  const homeShare = between(random, 0.6, 0.75);
  const otherWeights = others.map((d) => d.tvHomes * between(random, 0.8, 1.2));
  const otherTotal = otherWeights.reduce((a, b) => a + b, 0);
  const codes = [home.code, ...others.map((d) => d.code)];
  const weights = [homeShare, ...otherWeights.map((w) => ((1 - homeShare) * w) / otherTotal)];
  const clickFactors = [1.1, ...others.map(() => between(random, 0.75, 1.05))];
  for (const [date, day] of sortedDays(output)) {
    const parts = allocateDelivery(day, jittered(weights, random, 0.08), clickFactors);
    pushDelivery(rows, parts, (i, delivery) => ({
      client_campaign_id: output.planned.id,
      date,
      dma_code: codes[i]!,
      ...delivery,
    }));
  }
}

// ---------------------------------------------------------------------------------------------
// Vehicles

/** 20-60 of the dealership's real VINs (all of them when it has fewer), Zipf-weighted. */
const onLotOn = (vehicle: InventoryVehicle, date: string) =>
  !vehicle.onLot || (vehicle.onLot.from <= date && (vehicle.onLot.until === null || date < vehicle.onLot.until));

/**
 * The campaign's advertised vehicles: 20-60 of the dealership's vehicles (all when it has fewer),
 * Zipf-weighted, each only on the days it was on the lot (Ancira: from its first snapshot to its
 * derived sale). The candidates are the vehicles on the lot on some day of the flight; a day none of
 * the chosen was on the lot gets one more vehicle that was (at most 60 in all), so every day's
 * delivery is allocated.
 */
function allocateVehicles(
  output: CampaignOutput,
  vehicles: InventoryVehicle[],
  rows: EntityRow<'campaign_vehicles'>[],
) {
  const days = sortedDays(output);
  const candidates = vehicles.filter((v) => days.some(([date]) => onLotOn(v, date)));
  if (candidates.length === 0) return;
  const random = rngFor(output.planned.id, 'vehicles');
  const count = Math.min(candidates.length, 20 + Math.floor(random() * 41));
  const order = shuffled(candidates, random);
  const chosen = order.slice(0, count);
  for (const [date] of days) {
    if (chosen.some((v) => onLotOn(v, date))) continue;
    const extra = order.slice(count).find((v) => onLotOn(v, date) && !chosen.includes(v));
    if (!extra) continue;
    if (chosen.length < 60) chosen.push(extra);
    else chosen[chosen.length - 1] = extra;
  }
  const exponent = between(random, 0.9, 1.3);
  const weights = chosen.map((_, k) => 1 / (k + 1) ** exponent);
  const clickFactors = chosen.map(() => between(random, 0.5, 1.7));
  for (const [date, day] of days) {
    const dayWeights = jittered(weights, random, 0.15).map((w, i) => (onLotOn(chosen[i]!, date) ? w : 0));
    if (!dayWeights.some((w) => w > 0)) continue;
    const parts = allocateDelivery(day, dayWeights, clickFactors);
    pushDelivery(rows, parts, (i, delivery) => ({
      client_campaign_id: output.planned.id,
      date,
      vin: chosen[i]!.vin,
      ...delivery,
    }));
  }
}

// ---------------------------------------------------------------------------------------------
// Social placements

const PLACEMENTS: Record<'meta' | 'linkedin' | 'tiktok', [string, number, number][]> = {
  meta: [
    ['Facebook Feed', 0.3, 0.4],
    ['Instagram Feed', 0.18, 0.26],
    ['Facebook Stories', 0.06, 0.12],
    ['Instagram Stories', 0.1, 0.16],
    ['Marketplace', 0.05, 0.12],
    ['Audience Network', 0.04, 0.1],
  ],
  linkedin: [
    ['LinkedIn Feed', 0.7, 0.8],
    ['LinkedIn Audience Network', 0.12, 0.2],
    ['LinkedIn Messaging', 0.05, 0.1],
  ],
  tiktok: [
    ['TikTok For You Feed', 0.75, 0.85],
    ['TikTok Search', 0.05, 0.1],
    ['Pangle', 0.08, 0.15],
  ],
};

function allocateSocialPlacements(output: CampaignOutput, rows: EntityRow<'campaign_placements'>[]) {
  const code = output.planned.code;
  const platform = code === 'LKN' ? 'linkedin' : code === 'TIK' || code === 'TTI' ? 'tiktok' : 'meta';
  const random = rngFor(output.planned.id, 'placements');
  const placements = PLACEMENTS[platform];
  // Marketplace listings run mostly on Marketplace.
  const weights = placements.map(([name, min, max]) =>
    code === 'FML' && name === 'Marketplace' ? between(random, 0.35, 0.5) : between(random, min, max),
  );
  const clickFactors = placements.map(([name]) => (/Stories|Audience Network|Pangle/.test(name) ? 0.7 : 1.1));
  for (const [date, day] of sortedDays(output)) {
    const parts = allocateDelivery(day, jittered(weights, random, 0.1), clickFactors);
    pushDelivery(rows, parts, (i, delivery) => ({
      client_campaign_id: output.planned.id,
      date,
      placement: placements[i]![0],
      ...delivery,
    }));
  }
}

// ---------------------------------------------------------------------------------------------
// Creatives and sites

/** Real, well-known sites and apps that sell programmatic inventory; auto sites lead inventory campaigns. */
const WEB_SITES: [string, boolean][] = [
  ['cars.com', true],
  ['autotrader.com', true],
  ['kbb.com', true],
  ['edmunds.com', true],
  ['cargurus.com', true],
  ['weather.com', false],
  ['accuweather.com', false],
  ['espn.com', false],
  ['yahoo.com', false],
  ['msn.com', false],
];
const APPS = ['The Weather Channel app', 'AccuWeather app', 'ESPN app', 'Yahoo Mail app', 'CarGurus app'];

interface SiteAllocation {
  web: string[];
  webWeights: number[];
  apps: string[];
  appWeights: number[];
}

function planSites(output: CampaignOutput, random: () => number): SiteAllocation {
  const auto = INVENTORY_CODES.has(output.planned.code) || output.planned.code === 'LBP';
  const web = shuffled(WEB_SITES, random).slice(0, 5 + Math.floor(random() * 4));
  // Skewed weights; auto sites count double for inventory and lead campaigns.
  const webWeights = web.map(([, isAuto], k) => (auto && isAuto ? 2 : 1) / (k + 1) ** 0.8);
  const apps = shuffled(APPS, random).slice(0, 3 + Math.floor(random() * 3));
  const appWeights = apps.map((_, k) => 1 / (k + 1) ** 0.9);
  return { web: web.map(([name]) => name), webWeights, apps, appWeights };
}

export interface CreativeOutputs {
  creatives: EntityRow<'campaign_creatives'>[];
  creativeMetrics: EntityRow<'campaign_creative_metrics'>[];
  sites: EntityRow<'campaign_sites'>[];
  /** Every distinct creative, for the art files. */
  art: Map<string, CreativeSpec>;
}

/**
 * Creatives share each day's delivery by their weights. Display campaigns split the real App and
 * Site delivery of the day separately (apps show only 320x50 and 300x250 creatives), and each
 * size's app or web total is split again over the campaign's apps or web sites, so the site list
 * also sums to the day and, per size, to the creatives of that size.
 */
function allocateCreatives(output: CampaignOutput, out: CreativeOutputs) {
  const { planned } = output;
  let web = 0;
  let all = 0;
  for (const { app, site } of output.appSite?.values() ?? []) {
    web += site.impressions;
    all += app.impressions + site.impressions;
  }
  const appOnly = output.appSite !== undefined && web < all * 0.01;
  const specs = planCreatives(planned.id, planned.code, planned.dealership, { appOnly });
  if (specs.length === 0) return;
  for (const spec of specs) {
    out.art.set(spec.file, spec);
    out.creatives.push({
      client_campaign_id: planned.id,
      creative_id: spec.id,
      creative_name: spec.name,
      creative_size: spec.size,
      image_url: `${CREATIVE_URL_PREFIX}${spec.file}`,
    });
  }
  const random = rngFor(planned.id, 'creative-metrics');
  const weights = specs.map((s) => s.weight);
  const clickFactors = specs.map(() => between(random, 0.7, 1.4));
  const display = familyOf(planned.code) === 'display';
  const sites = display ? planSites(output, rngFor(planned.id, 'sites')) : null;
  const siteRandom = rngFor(planned.id, 'site-metrics');
  const appIndexes = specs.flatMap((s, i) => (APP_SIZES.has(s.size) ? [i] : []));
  const sizes = [...new Set(specs.map((s) => s.size))];

  for (const [date, day] of sortedDays(output)) {
    const dayWeights = jittered(weights, random, 0.12);
    const totals: Delivery[] = specs.map(() => ({ impressions: 0, clicks: 0 }));
    if (!sites) {
      allocateDelivery(day, dayWeights, clickFactors).forEach((d, i) => (totals[i] = d));
    } else {
      const split = output.appSite?.get(date) ?? { app: { impressions: 0, clicks: 0 }, site: day };
      for (const [placement, delivery] of [
        ['app', split.app],
        ['web', split.site],
      ] as const) {
        const indexes = placement === 'app' && appIndexes.length > 0 ? appIndexes : specs.map((_, i) => i);
        const parts = allocateDelivery(
          delivery,
          indexes.map((i) => dayWeights[i]!),
          indexes.map((i) => clickFactors[i]!),
        );
        const bySize = new Map<string, Delivery>();
        parts.forEach((d, k) => {
          const i = indexes[k]!;
          totals[i]!.impressions += d.impressions;
          totals[i]!.clicks += d.clicks;
          const size = bySize.get(specs[i]!.size) ?? { impressions: 0, clicks: 0 };
          size.impressions += d.impressions;
          size.clicks += d.clicks;
          bySize.set(specs[i]!.size, size);
        });
        const names = placement === 'app' ? sites.apps : sites.web;
        const siteWeights = placement === 'app' ? sites.appWeights : sites.webWeights;
        for (const size of sizes) {
          const sizeTotal = bySize.get(size);
          if (!sizeTotal) continue;
          const siteParts = allocateDelivery(sizeTotal, jittered(siteWeights, siteRandom, 0.15));
          pushDelivery(out.sites, siteParts, (k, delivery) => ({
            client_campaign_id: planned.id,
            date,
            site: names[k]!,
            creative_size: size,
            ...delivery,
          }));
        }
      }
    }
    pushDelivery(out.creativeMetrics, totals, (i, delivery) => ({
      client_campaign_id: planned.id,
      date,
      creative_id: specs[i]!.id,
      ...delivery,
    }));
  }
}

// ---------------------------------------------------------------------------------------------
// Conversions and UTMs

/** Conversion tags of the dealer websites; tag 4 counts as page views (spec 000 §2.7). */
const TAGS = [
  { id: 4, name: 'Page View', type: 'key_site_action', ttc: [0.2, 1.2] },
  { id: 7, name: 'VDP View', type: 'key_site_action', ttc: [0.4, 1.8] },
  { id: 9, name: 'Contact Form', type: 'key_site_action', ttc: [1, 4] },
  { id: 11, name: 'Get Directions', type: 'key_site_action', ttc: [1.5, 5] },
  { id: 12, name: 'Click to Call', type: 'key_site_action', ttc: [0.5, 3] },
  { id: 21, name: 'Order', type: 'order', ttc: [3, 6] },
] as const;

const UTM_SOURCES = ['facebook', 'google', 'tabmo', 'instagram', 'direct'] as const;
/** Share ranges of each UTM source, by whether the campaign is social. */
const UTM_WEIGHTS: Record<'social' | 'display', [number, number][]> = {
  social: [
    [0.45, 0.6],
    [0.05, 0.1],
    [0.01, 0.03],
    [0.22, 0.32],
    [0.06, 0.12],
  ],
  display: [
    [0.03, 0.08],
    [0.14, 0.24],
    [0.45, 0.6],
    [0.02, 0.05],
    [0.1, 0.18],
  ],
};

/**
 * Display and social campaigns: page views from the day's clicks at a fixed rate per campaign, the
 * other tags as fixed fractions of page views, orders (with the real prices of the dealership's
 * vehicles) only where show_roas is on. UTM counts split the day's page views over the sources.
 */
function conversionsAndUtms(
  output: CampaignOutput,
  input: AllocationInput,
  conversions: EntityRow<'campaign_conversions'>[],
  utms: EntityRow<'campaign_utms'>[],
) {
  const { planned } = output;
  const family = familyOf(planned.code);
  if (family !== 'display' && family !== 'social') return;
  const random = rngFor(planned.id, 'conversions');
  const pageViewRate = between(random, 0.55, 0.85);
  const rates = [1, between(random, 0.3, 0.45), between(random, 0.012, 0.025), between(random, 0.008, 0.018)];
  rates.push(between(random, 0.006, 0.014), between(random, 0.002, 0.004));
  const ttcBase = TAGS.map((t) => between(random, t.ttc[0], t.ttc[1]));
  const visitorShare = between(random, 0.62, 0.85);
  const roas = input.showRoas.has(planned.id);
  const prices = (input.inventory.get(planned.dealership.id) ?? []).flatMap((v) => (v.price ? [v.price] : []));

  const utmRandom = rngFor(planned.id, 'utms');
  const utmWeights = UTM_WEIGHTS[family === 'social' ? 'social' : 'display'].map(([min, max]) =>
    between(utmRandom, min, max),
  );
  const base = `${slug(planned.dealership.shortName)}_${planned.code.toLowerCase()}_${slug(productTheme(planned.code))}`;
  const mainSource = family === 'social' ? 0 : 2;

  for (const [date, day] of sortedDays(output)) {
    const pageViews = randomRound(random, day.clicks * pageViewRate);
    TAGS.forEach((tag, t) => {
      if (tag.type === 'order' && !roas) return;
      const count = t === 0 ? pageViews : randomRound(random, pageViews * rates[t]!);
      const ttc = Math.min(6, Math.max(0.2, ttcBase[t]! * between(random, 0.85, 1.15)));
      if (count === 0) return;
      let monetaryValue: number | null = null;
      if (tag.type === 'order') {
        monetaryValue = 0;
        for (let k = 0; k < count; k++) {
          monetaryValue += prices[Math.floor(random() * prices.length)] ?? 28_000;
        }
        monetaryValue = cents(monetaryValue);
      }
      conversions.push({
        client_campaign_id: planned.id,
        date,
        tag_id: tag.id,
        tag_name: tag.name,
        type: tag.type,
        count,
        time_to_convert_days: Math.round(ttc * 100) / 100,
        // Unique visitors are counted on the page-view tag only, so no report adds them up twice.
        unique_site_visitors: t === 0 ? Math.floor(count * visitorShare) : null,
        monetary_value: monetaryValue,
      });
    });
    // UTMs: the main source is split between the campaign and its retargeting line.
    const bySource = allocate(pageViews, jittered(utmWeights, utmRandom, 0.1));
    bySource.forEach((count, s) => {
      const source = UTM_SOURCES[s]!;
      const names =
        source === 'direct' ? ['(not set)'] : s === mainSource ? [base, `${base}_retargeting`] : [`${base}_${source}`];
      const parts = names.length === 1 ? [count] : allocate(count, [0.7, 0.3]);
      parts.forEach((n, k) => {
        if (n > 0)
          utms.push({ client_campaign_id: planned.id, date, utm_source: source, utm_campaign: names[k]!, count: n });
      });
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Keyword shares

/**
 * Search impression share per keyword: a base of 0.2-0.9 per (campaign, keyword) with a ±0.06 daily
 * wobble (kept in 0.2-0.9); click share is 55-95 % of it.
 */
export function fillKeywordShares(keywords: EntityRow<'campaign_keywords'>[]) {
  const bases = new Map<string, [number, number]>();
  for (const row of keywords) {
    const key = `${row.client_campaign_id}|${row.keyword_id}`;
    let base = bases.get(key);
    if (!base) {
      const random = seededRandom(hashSeed('keyword-share', key));
      base = [between(random, 0.2, 0.9), between(random, 0.55, 0.95)];
      bases.set(key, base);
    }
    const wobble = (seededRandom(hashSeed(key, String(row.date)))() - 0.5) * 0.12;
    const impressionShare = Math.min(0.9, Math.max(0.2, base[0] + wobble));
    row.impression_share = Math.round(impressionShare * 10_000) / 10_000;
    row.click_share = Math.round(impressionShare * base[1] * 10_000) / 10_000;
  }
}

// ---------------------------------------------------------------------------------------------

export function allocateBreakdowns(input: AllocationInput) {
  const dmas: EntityRow<'campaign_dmas'>[] = [];
  const vehicles: EntityRow<'campaign_vehicles'>[] = [];
  const placements: EntityRow<'campaign_placements'>[] = [];
  const creativeOutputs: CreativeOutputs = { creatives: [], creativeMetrics: [], sites: [], art: new Map() };
  const conversions: EntityRow<'campaign_conversions'>[] = [];
  const utms: EntityRow<'campaign_utms'>[] = [];
  fillReachAndVideo(input.outputs);
  for (const output of input.outputs) {
    if (output.daily.size === 0) continue;
    const code = output.planned.code;
    allocateDmas(output, input.dmas, dmas);
    if (INVENTORY_CODES.has(code)) {
      allocateVehicles(output, input.inventory.get(output.planned.dealership.id) ?? [], vehicles);
    }
    if (familyOf(code) === 'social') allocateSocialPlacements(output, placements);
    allocateCreatives(output, creativeOutputs);
    conversionsAndUtms(output, input, conversions, utms);
  }
  return { dmas, vehicles, placements, ...creativeOutputs, conversions, utms };
}
