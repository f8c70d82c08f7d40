import {
  addDays,
  allocate,
  allocateCapped,
  between,
  compareText,
  dateShifter,
  daysBetween,
  endOfMonth,
  getOrInsert,
  RAW,
  readCsv,
  readCsvArrays,
  rngFor,
  toInt,
  type Delivery,
  type EntityRow,
} from './common';
import { productSource, type PlannedCampaign } from './plan';

/**
 * The real metrics: each builder gives its campaigns a flight and their daily totals (real values,
 * shifted dates), plus the breakdown rows its source has.
 */

export interface Flight {
  start: string;
  end: string;
}

export interface DailyTotals {
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  sales: number;
  /** Filled by the allocations (docs/demo-data.md), never by a source. */
  views: number;
  reach: number | null;
  calls: number;
  leads: number;
  video25: number;
  video50: number;
  video75: number;
  video100: number;
}

export interface CampaignOutput {
  planned: PlannedCampaign;
  flight: Flight;
  vendorCampaignName: string;
  daily: Map<string, DailyTotals>;
  /** TabMo only: the real App/Site split of each day. */
  appSite?: Map<string, { app: Delivery; site: Delivery }>;
}

export const emptyTotals = (): DailyTotals => ({
  impressions: 0,
  clicks: 0,
  spend: 0,
  conversions: 0,
  sales: 0,
  views: 0,
  reach: null,
  calls: 0,
  leads: 0,
  video25: 0,
  video50: 0,
  video75: 0,
  video100: 0,
});

/** The days of a campaign with delivery, in date order. */
export const sortedDays = (output: CampaignOutput) => [...output.daily.entries()].sort(([a], [b]) => compareText(a, b));

export interface BuildContext {
  today: string;
  yesterday: string;
  /** End of an active flight: the last day of this month or of next month, alternating. */
  activeEnd: () => string;
}

/** Pending campaigns start on the 1st or the 15th of next month and have no metrics. */
export function pendingCampaigns(plan: PlannedCampaign[], ctx: BuildContext): CampaignOutput[] {
  const firstOfNextMonth = addDays(endOfMonth(ctx.today), 1);
  return plan
    .filter((c) => c.status === 'pending')
    .map((planned, n) => {
      const start = addDays(firstOfNextMonth, (n % 2) * 14);
      const flight = { start, end: addDays(start, [29, 59, 89][n % 3] ?? 29) };
      return { planned, flight, vendorCampaignName: '', daily: new Map() };
    });
}

// ---------------------------------------------------------------------------------------------
// TabMo → display, video, audio, ooh, events and audience campaigns

interface TabmoCampaign {
  id: string;
  first: string;
  last: string;
  impressions: number;
  byDate: Map<string, { impressions: number; clicks: number; app: [number, number]; site: [number, number] }>;
}

export interface TabmoData {
  campaigns: TabmoCampaign[];
  newest: string;
}

export function loadTabmo(): TabmoData {
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

export function splitTabmoPools(tabmo: TabmoData) {
  const cutoff = addDays(tabmo.newest, -TABMO_RUNS_TO_END_DAYS);
  const byRecency = (a: TabmoCampaign, b: TabmoCampaign) =>
    compareText(b.last, a.last) || b.impressions - a.impressions || toInt(a.id) - toInt(b.id);
  const usable = tabmo.campaigns.filter((c) => c.impressions >= TABMO_MIN_IMPRESSIONS);
  return {
    active: usable.filter((c) => c.last >= cutoff).sort(byRecency),
    ended: usable.filter((c) => c.last < cutoff).sort(byRecency),
  };
}

/** A site-list campaign prefers a source with at least this share of its impressions on web sites. */
const SITE_LIST_MIN_WEB_SHARE = 0.25;

/**
 * TabMo: one whole source campaign per demo campaign, dates shifted so the newest TabMo day is
 * yesterday. Active campaigns take the sources that run to the end of the data, ended ones the
 * others, most recent first; but a campaign in `webFirst` (the DYD campaigns with a site list)
 * first takes the source of its pool with the most days among those with 25 % or more of their
 * impressions on web sites, so its site list is not all apps.
 */
export function tabmoCampaigns(plan: PlannedCampaign[], ctx: BuildContext, tabmo: TabmoData, webFirst: Set<number>) {
  const pools = splitTabmoPools(tabmo);
  const shift = dateShifter(daysBetween(tabmo.newest, ctx.yesterday));
  const placements: EntityRow<'campaign_placements'>[] = [];
  const running = plan.filter((c) => c.status !== 'pending' && productSource(c.code) === 'tabmo');
  const sources = new Map<number, TabmoCampaign>();
  const webShare = (c: TabmoCampaign) => {
    let site = 0;
    for (const day of c.byDate.values()) site += day.site[0];
    return site / Math.max(1, c.impressions);
  };
  for (const planned of running.filter((c) => webFirst.has(c.id))) {
    const pool = planned.status === 'active' ? pools.active : pools.ended;
    let best = -1;
    pool.forEach((c, i) => {
      if (webShare(c) >= SITE_LIST_MIN_WEB_SHARE && (best < 0 || c.byDate.size > pool[best]!.byDate.size)) best = i;
    });
    if (best >= 0) sources.set(planned.id, pool.splice(best, 1)[0]!);
  }
  const taken = { active: 0, ended: 0 };
  const outputs = running.map((planned): CampaignOutput => {
    const active = planned.status === 'active';
    const source = sources.get(planned.id) ?? (active ? pools.active[taken.active++] : pools.ended[taken.ended++]);
    if (!source) throw new Error(`Not enough TabMo campaigns for the demo plan (${planned.status})`);
    const daily = new Map<string, DailyTotals>();
    const appSite = new Map<string, { app: Delivery; site: Delivery }>();
    const sourceDays = [...source.byDate.entries()]
      .sort(([a], [b]) => compareText(a, b))
      .map(([date, day]) => [shift(date), day] as const);
    // Days with a real delivery; trickle days (a few impressions while the source campaign idled)
    // count as gaps, like the days with no row (docs/demo-data.md "Gap days").
    const floor = TRICKLE_SHARE * upperQuartile(sourceDays.map(([, day]) => day.impressions).filter((n) => n > 0));
    const kept = sourceDays.filter(([, day]) => day.impressions > 0 && day.impressions >= floor);
    for (const [date, day] of kept) {
      daily.set(date, { ...emptyTotals(), impressions: day.impressions, clicks: day.clicks });
      appSite.set(date, {
        app: { impressions: day.app[0], clicks: day.app[1] },
        site: { impressions: day.site[0], clicks: day.site[1] },
      });
    }
    // The flight runs from the first to the last real day (an ended campaign's idle tail is not part
    // of it); an active one runs on to the end of this month or the next.
    const flight = {
      start: kept[0]?.[0] ?? shift(source.first),
      end: active ? ctx.activeEnd() : (kept[kept.length - 1]?.[0] ?? shift(source.last)),
    };
    const lastDay = flight.end < ctx.yesterday ? flight.end : ctx.yesterday;
    fillSourceGaps(planned.id, daily, appSite, flight.start, lastDay);
    for (const [date, { app, site }] of [...appSite.entries()].sort(([a], [b]) => compareText(a, b))) {
      for (const [placement, part] of [
        ['App', app],
        ['Site', site],
      ] as const) {
        if (part.impressions === 0 && part.clicks === 0) continue;
        placements.push({ client_campaign_id: planned.id, date, placement, ...part });
      }
    }
    return { planned, flight, vendorCampaignName: `TabMo campaign ${source.id}`, daily, appSite };
  });
  return { outputs, placements };
}

/**
 * A source day under this share of the campaign's upper-quartile daily impressions is a trickle (the source
 * campaign idling at a handful of impressions) and is treated as a gap.
 */
const TRICKLE_SHARE = 0.05;

/** The upper quartile (nearest rank) of the values; 0 for none. A campaign's usual busy day. */
const upperQuartile = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.75))]!;
};

/** How far (in weeks) a gap day looks for a real day of the same weekday to copy. */
const GAP_DONOR_WEEKS = 8;

/**
 * Fills the days of a TabMo-fed flight that the source has no delivery for (docs/demo-data.md
 * "Gap days"): the real source series has holes (days the ad server logged nothing), and mapped onto a
 * flight they would read as a campaign flat-lining at zero mid-flight. Each such day from `first` to
 * `last` copies the real day of the same weekday in the nearest week that has one (1 week before, 1
 * after, 2 before, …, up to 8 weeks; else the nearest real day of any weekday), scaled by a seeded 0.9-1.1; clicks and the App/Site split keep the
 * donor's ratios (largest remainder, so the parts sum to the day exactly). Donors are real days
 * only, never filled ones. Returns the filled dates, in order.
 */
export function fillSourceGaps(
  campaignId: number,
  daily: Map<string, DailyTotals>,
  appSite: Map<string, { app: Delivery; site: Delivery }>,
  first: string,
  last: string,
): string[] {
  const real = new Set([...daily.entries()].filter(([, d]) => d.impressions > 0).map(([date]) => date));
  if (real.size === 0) return [];
  const random = rngFor(campaignId, 'gap-days');
  const filled: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (real.has(date)) continue;
    let donor: string | undefined;
    for (let week = 1; week <= GAP_DONOR_WEEKS && !donor; week++) {
      donor = [addDays(date, -7 * week), addDays(date, 7 * week)].find((d) => real.has(d));
    }
    // No real day of that weekday near: the nearest real day of any weekday (the earlier on a tie).
    for (let distance = 1; !donor; distance++) {
      donor = [addDays(date, -distance), addDays(date, distance)].find((d) => real.has(d));
    }
    const scale = between(random, 0.9, 1.1);
    const from = daily.get(donor)!;
    const split = appSite.get(donor) ?? {
      app: { impressions: from.impressions, clicks: from.clicks },
      site: { impressions: 0, clicks: 0 },
    };
    const impressions = Math.max(1, Math.round(from.impressions * scale));
    const clicks = Math.min(impressions, Math.round(from.clicks * scale));
    const [appImpressions = 0, siteImpressions = 0] = allocate(impressions, [
      split.app.impressions,
      split.site.impressions,
    ]);
    const [appClicks = 0, siteClicks = 0] = allocateCapped(
      clicks,
      [split.app.clicks, split.site.clicks],
      [appImpressions, siteImpressions],
    );
    daily.set(date, { ...emptyTotals(), impressions, clicks });
    appSite.set(date, {
      app: { impressions: appImpressions, clicks: appClicks },
      site: { impressions: siteImpressions, clicks: siteClicks },
    });
    filled.push(date);
  }
  return filled;
}

// ---------------------------------------------------------------------------------------------
// AdWords → search campaigns

/**
 * AdWords: the keyword ids, in numeric order, are dealt round-robin to the search campaigns (the id
 * at position j goes to group j mod N); a campaign gets its keywords' rows inside its flight only.
 */
export function searchCampaigns(plan: PlannedCampaign[], ctx: BuildContext) {
  const planned = plan.filter((c) => c.status !== 'pending' && productSource(c.code) === 'adwords');
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

  const adwords = readCsvArrays(RAW.adwords, { unquoted: true });
  let newest = '';
  const keywordIds = new Set<number>();
  for (const [date = '', keywordId] of adwords) {
    if (date > newest) newest = date;
    keywordIds.add(toInt(keywordId));
  }
  const groupOf = new Map([...keywordIds].sort((a, b) => a - b).map((id, j) => [id, j % outputs.length]));
  const shift = dateShifter(daysBetween(newest, ctx.yesterday));
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
      keyword: null, // readable search terms: nameKeywords (keywords.ts)
      impressions,
      clicks,
      impression_share: null,
      click_share: null,
    });
  }
  return { outputs, keywords };
}

// ---------------------------------------------------------------------------------------------
// Facebook KAG → social campaigns

/**
 * Facebook KAG (no dates): ads grouped by (xyz_campaign_id, interest), each group dealt to the social
 * campaign with the fewest ads so far; within a campaign the ads, in ad_id order, go round-robin over
 * the days of its flight up to yesterday.
 */
export function socialCampaigns(plan: PlannedCampaign[], ctx: BuildContext) {
  const planned = plan.filter((c) => c.status !== 'pending' && productSource(c.code) === 'kag');
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
