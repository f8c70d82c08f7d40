import fs from 'node:fs';
import { addDays as addCalendarDays, flightDays, isoDateSchema, productCatalog } from '@portal/contracts';
import { buildActivity } from './activity';
import { allocateBreakdowns, fillKeywordShares, type InventoryVehicle } from './allocations';
import {
  addDays,
  cents,
  compareText,
  endOfMonth,
  getOrInsert,
  monthAbbr,
  seededRandom,
  sortByCampaignDate,
  writeEntity,
  type EntityRow,
} from './common';
import { creativeSvg } from './creatives';
import { nameKeywords } from './keywords';
import {
  buildDealershipRows,
  buildDmas,
  buildInventory,
  buildInventoryHistory,
  buildZipDmas,
  loadDealerships,
  loadDmaGeography,
  ORGANIZATION_ID,
} from './dealerships';
import { planCampaigns, productCpm, productTheme, productType, productVendor, type PlannedCampaign } from './plan';
import {
  loadTabmo,
  pendingCampaigns,
  searchCampaigns,
  socialCampaigns,
  sortedDays,
  splitTabmoPools,
  tabmoCampaigns,
  type BuildContext,
  type CampaignOutput,
} from './sources';

/**
 * Builds the demo agency's ingestion files (docs/ingestion.md) from the real public datasets
 * copied into `apps/server/seed/raw` (see its SOURCES.md and docs/demo-data.md). Every daily
 * impression and click, vehicle and address comes from those files; only dates are shifted so that
 * the newest source day becomes "yesterday". Flights, budgets, names, the assignment of source
 * campaigns to dealerships, and the breakdowns no source has (allocated exactly from the real daily
 * totals) are synthetic but deterministic: the same `today` always gives the same files.
 */

export interface BuildDemoFilesOptions {
  /** The demo's "today" (YYYY-MM-DD); the newest metric day is the day before. */
  today: string;
}

export interface BuildDemoFilesResult {
  /** The written ingestion files, one per entity. */
  files: string[];
  /**
   * The banner art of every creative the files refer to (file name under
   * assets/demo-creatives and its SVG); write-creative-art.ts writes them.
   */
  creativeArt: { file: string; svg: string }[];
}

const BUDGETS = [1500, 2500, 3000, 5000, 7500];

export async function buildDemoFiles(outDir: string, options: BuildDemoFilesOptions): Promise<BuildDemoFilesResult> {
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
  const inventoryRows = buildInventory(dealerships);
  const history = buildInventoryHistory(dealerships, today);
  const inventory = new Map<number, InventoryVehicle[]>();
  for (const v of inventoryRows) {
    const onLot = history.onLot.get(Number(v.dealership_id))?.get(String(v.vin));
    // Ancira: the arrival day (the first snapshot, or a derived day between two snapshots).
    if (onLot) v.first_seen_date = onLot.from;
    getOrInsert(inventory, Number(v.dealership_id), () => []).push({
      vin: String(v.vin),
      price: v.price === null ? null : Number(v.price),
      ...(onLot ? { onLot } : {}),
    });
  }
  const tabmoData = loadTabmo();
  const plan = planCampaigns(dealerships, splitTabmoPools(tabmoData).active.length);

  const showFlags = showFlagsByCampaign(plan);
  const flaggedCampaigns = new Set([...showFlags].filter(([, on]) => on).map(([id]) => id));
  const tabmo = tabmoCampaigns(plan, ctx, tabmoData, flaggedCampaigns);
  const search = searchCampaigns(plan, ctx);
  const social = socialCampaigns(plan, ctx);
  const outputs = [...pendingCampaigns(plan, ctx), ...tabmo.outputs, ...search.outputs, ...social.outputs].sort(
    (a, b) => a.planned.id - b.planned.id,
  );

  const breakdowns = allocateBreakdowns({
    outputs,
    dmas: loadDmaGeography(dmas),
    inventory,
    showRoas: flaggedCampaigns,
  });
  const activity = buildActivity(outputs, inventory, ctx.yesterday);
  fillKeywordShares(search.keywords);
  nameKeywords(search.keywords, search.outputs, inventoryRows);

  fs.mkdirSync(outDir, { recursive: true });
  const byCampaign = <R extends { client_campaign_id: unknown }>(rows: R[], tail: (row: R) => string) =>
    rows.sort((a, b) => Number(a.client_campaign_id) - Number(b.client_campaign_id) || compareText(tail(a), tail(b)));
  const files = [
    writeEntity(outDir, 'dmas', dmas),
    writeEntity(outDir, 'zip_dmas', zipDmas),
    writeEntity(outDir, 'organizations', [
      { id: ORGANIZATION_ID, name: 'Demo Agency', show_budget_type: 2, time_zone: 'America/Chicago' },
    ]),
    writeEntity(outDir, 'dealerships', buildDealershipRows(dealerships)),
    writeEntity(outDir, 'inventory_vehicles', inventoryRows),
    writeEntity(outDir, 'inventory_snapshots', history.snapshots),
    writeEntity(outDir, 'vehicle_sales', history.sales),
    writeEntity(outDir, 'campaigns', campaignRows(outputs, showFlags, addCalendarDays(today, -1))),
    writeEntity(outDir, 'campaign_daily_metrics', dailyMetricRows(outputs)),
    writeEntity(
      outDir,
      'campaign_placements',
      sortByCampaignDate([...tabmo.placements, ...breakdowns.placements], (r) => String(r.placement)),
    ),
    writeEntity(
      outDir,
      'campaign_demographics',
      sortByCampaignDate(social.demographics, (r) => `${r.age_group}|${r.gender}`),
    ),
    writeEntity(
      outDir,
      'campaign_dmas',
      sortByCampaignDate(breakdowns.dmas, (r) => String(r.dma_code)),
    ),
    writeEntity(
      outDir,
      'campaign_sites',
      sortByCampaignDate(breakdowns.sites, (r) => `${r.site}|${r.creative_size}`),
    ),
    writeEntity(
      outDir,
      'campaign_creatives',
      byCampaign(breakdowns.creatives, (r) => String(r.creative_id)),
    ),
    writeEntity(
      outDir,
      'campaign_creative_metrics',
      sortByCampaignDate(breakdowns.creativeMetrics, (r) => String(r.creative_id)),
    ),
    writeEntity(
      outDir,
      'campaign_vehicles',
      sortByCampaignDate(breakdowns.vehicles, (r) => String(r.vin)),
    ),
    writeEntity(
      outDir,
      'campaign_keywords',
      sortByCampaignDate(search.keywords, (r) => String(r.keyword_id).padStart(12, '0')),
    ),
    writeEntity(
      outDir,
      'campaign_conversions',
      sortByCampaignDate(breakdowns.conversions, (r) => String(r.tag_id).padStart(4, '0')),
    ),
    writeEntity(
      outDir,
      'campaign_utms',
      sortByCampaignDate(breakdowns.utms, (r) => `${r.utm_source}|${r.utm_campaign}`),
    ),
    writeEntity(
      outDir,
      'phone_calls',
      byCampaign(activity.calls, (r) => String(r.datetime)),
    ),
    writeEntity(
      outDir,
      'campaign_audience_sizes',
      sortByCampaignDate(activity.audience, () => ''),
    ),
    writeEntity(
      outDir,
      'campaign_leads',
      byCampaign(activity.leads, (r) => String(r.lead_id)),
    ),
    writeEntity(
      outDir,
      'campaign_locations',
      sortByCampaignDate(activity.locations, (r) => String(r.location_name)),
    ),
    writeEntity(
      outDir,
      'campaign_events',
      byCampaign(activity.events, (r) => String(r.event_id)),
    ),
  ];
  const creativeArt = [...breakdowns.art.entries()]
    .sort(([a], [b]) => compareText(a, b))
    .map(([file, spec]) => ({ file, svg: creativeSvg(spec) }));
  return { files, creativeArt };
}

/** show_roas, show_site_list and show_ad_previews: on for every other DYD campaign (1st, 3rd, …) in id order. */
function showFlagsByCampaign(plan: PlannedCampaign[]): Map<number, boolean> {
  let dydCount = 0;
  return new Map(plan.map((planned) => [planned.id, planned.code === 'DYD' && dydCount++ % 2 === 0]));
}

/** The demo dealer's rooftop (dealer@demo.test), where the planted under-pacing campaign runs. */
const PLANTED_DEALERSHIP_ID = 101;
/** The planted campaign's pace (issue 21 §2, docs/demo-data.md "Pacing"): 80 % of its expected impressions. */
export const PLANTED_PACE = 0.8;

/**
 * Issue 21 §2: the planted under-pacing campaign — the first active campaign of dealership 101, in
 * id order, with at least 10,000 impressions delivered (so rounding its booked impressions to the
 * thousand moves its pace by well under a point).
 */
export function plantedUnderPacing(outputs: CampaignOutput[]): number | null {
  const delivered = (output: CampaignOutput) => [...output.daily.values()].reduce((sum, d) => sum + d.impressions, 0);
  const planted = outputs
    .filter((o) => o.planned.status === 'active' && o.planned.dealership.id === PLANTED_DEALERSHIP_ID)
    .sort((a, b) => a.planned.id - b.planned.id)
    .find((o) => delivered(o) >= 10_000);
  return planted?.planned.id ?? null;
}

/**
 * Booked impressions as an insertion order states them: to the thousand, or to the hundred under
 * 100,000 (so a small booking is not moved by several percent of its size by the rounding).
 */
const roundBooking = (booked: number) =>
  booked >= 100_000 ? Math.round(booked / 1000) * 1000 : Math.max(100, Math.round(booked / 100) * 100);

function campaignRows(
  outputs: CampaignOutput[],
  showFlags: Map<number, boolean>,
  yesterday: string,
): EntityRow<'campaigns'>[] {
  const planted = plantedUnderPacing(outputs);
  return outputs.map(({ planned, flight, vendorCampaignName, daily }) => {
    const budget = BUDGETS[Math.floor(seededRandom(planned.id)() * BUDGETS.length)] ?? 3000;
    let delivered = 0;
    for (const day of daily.values()) delivered += day.impressions;
    let booked: number;
    if (planned.status === 'pending') {
      booked = Math.round((budget / productCpm(planned.code)) * 1000); // what the budget buys at a typical CPM
    } else if (planned.status === 'active' && flight.start <= yesterday && delivered > 0) {
      // Booked so that delivery to date is a chosen pace of the even daily plan (docs/trust.md):
      // 97–104 % (on track) for every running campaign but the planted one, at 80 %.
      const pace = planned.id === planted ? PLANTED_PACE : 0.97 + 0.07 * seededRandom(planned.id * 31 + 7)();
      const elapsed = flightDays(flight.start, flight.end < yesterday ? flight.end : yesterday);
      booked = Math.max(1000, Math.ceil((delivered * flightDays(flight.start, flight.end)) / elapsed / pace));
    } else {
      // Ended and paused: a final delivery seeded per campaign between 88 % and 106 % of the booking,
      // as real campaigns land a little under or over (never one ratio for all).
      booked = Math.max(1000, delivered / (0.88 + 0.18 * seededRandom(planned.id * 17 + 3)()));
    }
    const show = showFlags.get(planned.id) ? 1 : 0;
    return {
      client_campaign_id: planned.id,
      dealership_id: planned.dealership.id,
      client_campaign_display_name: `${planned.dealership.shortName} - ${productTheme(planned.code)} ${planned.code} ${monthAbbr(flight.start)}`,
      vendor_campaign_name: vendorCampaignName || null,
      campaign_status: planned.status,
      start_date: flight.start,
      end_date: flight.end,
      product_code: planned.code,
      product_name: productCatalog[planned.code].name,
      campaign_type: productType(planned.code),
      vendor: productVendor(planned.code),
      budget,
      demand_local_net: cents(budget * 0.8),
      booked_impressions: roundBooking(booked),
      show_roas: show,
      show_site_list: show,
      show_ad_previews: show,
    };
  });
}

function dailyMetricRows(outputs: CampaignOutput[]): EntityRow<'campaign_daily_metrics'>[] {
  const rows: EntityRow<'campaign_daily_metrics'>[] = [];
  for (const output of outputs) {
    for (const [date, day] of sortedDays(output)) {
      rows.push({
        client_campaign_id: output.planned.id,
        date,
        impressions: day.impressions,
        clicks: day.clicks,
        views: day.views,
        reach: day.reach,
        spend: cents(day.spend),
        conversions: day.conversions,
        sales: day.sales,
        calls: day.calls,
        leads: day.leads,
        video_25: day.video25,
        video_50: day.video50,
        video_75: day.video75,
        video_100: day.video100,
      });
    }
  }
  return rows;
}
