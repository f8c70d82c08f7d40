import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { CampaignReportRow } from '@portal/contracts';
import type { Db } from '../../db/client';
import {
  campaignConversions,
  campaignDailyMetrics as daily,
  campaignEvents,
  campaignKeywords,
  managedCampaigns,
} from '../../db/schema';

/** The pacing id in a vendor campaign name '… [{CODE}{pacing id}]', or null. */
function pacingIdOf(vendorName: string | null): string | null {
  return /\[[A-Za-z]+(\d+)\]\s*$/.exec(vendorName ?? '')?.[1] ?? null;
}

const num = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);

export interface ReportRowsParams {
  dealershipId: number;
  startDate: string;
  endDate: string;
  /** Keep only campaigns whose flight overlaps the range (spec 001 §7 onlyFlights 1). */
  onlyFlights: boolean;
  /** Add each row's `additional_metrics` (spec 001 §7 includeAdditionalMetrics); without it the share and RSVP queries are skipped. */
  includeAdditionalMetrics: boolean;
  campaignIds?: number[] | undefined;
}

/** A report row as the generated files read it. */
export type ExtendedReportRow = CampaignReportRow;

/**
 * Campaign report rows of a dealership over a range (spec 001 §3): identity, flight, budget and net,
 * sums of the daily delivery over the range (inside the flight), and the count of every conversion
 * tag over the range. Ordered by start date, then id.
 */
export async function listReportRows(db: Db, params: ReportRowsParams): Promise<ExtendedReportRow[]> {
  const conditions = [eq(managedCampaigns.dealershipId, params.dealershipId)];
  if (params.onlyFlights)
    conditions.push(lte(managedCampaigns.startDate, params.endDate), gte(managedCampaigns.endDate, params.startDate));
  if (params.campaignIds)
    conditions.push(inArray(managedCampaigns.id, params.campaignIds.length ? params.campaignIds : [-1]));
  const campaigns = await db
    .select()
    .from(managedCampaigns)
    .where(and(...conditions))
    .orderBy(managedCampaigns.startDate, managedCampaigns.id);
  if (campaigns.length === 0) return [];
  const ids = campaigns.map((c) => c.id);

  const sums = await db
    .select({
      campaignId: daily.campaignId,
      impressions: num(sql`coalesce(sum(${daily.impressions}), 0)`),
      clicks: num(sql`coalesce(sum(${daily.clicks}), 0)`),
      views: num(sql`coalesce(sum(${daily.views}), 0)`),
      calls: num(sql`coalesce(sum(${daily.calls}), 0)`),
      leads: num(sql`coalesce(sum(${daily.leads}), 0)`),
      sales: num(sql`coalesce(sum(${daily.sales}), 0)`),
      video25: num(sql`coalesce(sum(${daily.video25}), 0)`),
      video50: num(sql`coalesce(sum(${daily.video50}), 0)`),
      video75: num(sql`coalesce(sum(${daily.video75}), 0)`),
    })
    .from(daily)
    .where(
      and(
        eq(daily.dealershipId, params.dealershipId),
        inArray(daily.campaignId, ids),
        gte(daily.date, params.startDate),
        lte(daily.date, params.endDate),
      ),
    )
    .groupBy(daily.campaignId);
  const conversions = await db
    .select({
      campaignId: campaignConversions.campaignId,
      tagName: campaignConversions.tagName,
      count: num(sql`coalesce(sum(${campaignConversions.count}), 0)`),
    })
    .from(campaignConversions)
    .where(
      and(
        inArray(campaignConversions.campaignId, ids),
        gte(campaignConversions.date, params.startDate),
        lte(campaignConversions.date, params.endDate),
      ),
    )
    .groupBy(campaignConversions.campaignId, campaignConversions.tagName);
  const shares = !params.includeAdditionalMetrics
    ? []
    : await db
        .select({
          campaignId: campaignKeywords.campaignId,
          impressionShare: num(
            sql`sum(${campaignKeywords.impressionShare}::float8 * ${campaignKeywords.impressions}) / nullif(sum(${campaignKeywords.impressions}) filter (where ${campaignKeywords.impressionShare} is not null), 0)`,
          ),
          clickShare: num(
            sql`sum(${campaignKeywords.clickShare}::float8 * ${campaignKeywords.clicks}) / nullif(sum(${campaignKeywords.clicks}) filter (where ${campaignKeywords.clickShare} is not null), 0)`,
          ),
        })
        .from(campaignKeywords)
        .where(
          and(
            inArray(campaignKeywords.campaignId, ids),
            gte(campaignKeywords.date, params.startDate),
            lte(campaignKeywords.date, params.endDate),
          ),
        )
        .groupBy(campaignKeywords.campaignId);
  const rsvps = !params.includeAdditionalMetrics
    ? []
    : await db
        .select({
          campaignId: campaignEvents.campaignId,
          attendees: num(sql`coalesce(sum(${campaignEvents.attendees}), 0)`),
        })
        .from(campaignEvents)
        .where(
          and(
            inArray(campaignEvents.campaignId, ids),
            gte(campaignEvents.eventDate, params.startDate),
            lte(campaignEvents.eventDate, params.endDate),
          ),
        )
        .groupBy(campaignEvents.campaignId);

  const sumsBy = new Map(sums.map((s) => [s.campaignId, s]));
  const sharesBy = new Map(shares.map((s) => [s.campaignId, s]));
  const rsvpsBy = new Map(rsvps.map((r) => [r.campaignId, r.attendees]));
  const percent = (value: number | null | undefined) =>
    value === null || value === undefined || Number.isNaN(value) ? null : Math.round(value * 10_000) / 100;
  return campaigns.map((c) => {
    const s = sumsBy.get(c.id);
    const tags: Record<string, number> = {};
    for (const row of conversions)
      if (row.campaignId === c.id) tags[row.tagName] = (tags[row.tagName] ?? 0) + row.count;
    return {
      client_campaign_id: c.id,
      client_campaign_display_name: c.displayName,
      product_name: c.productName,
      product_code: c.productCode,
      start_date: c.startDate,
      end_date: c.endDate,
      budget: c.budget,
      demand_local_net: c.demandLocalNet,
      impressions: s?.impressions ?? 0,
      views: s?.views ?? 0,
      clicks: s?.clicks ?? 0,
      calls: s?.calls ?? 0,
      leads: s?.leads ?? 0,
      sales: s?.sales ?? 0,
      conversions: tags,
      ...(params.includeAdditionalMetrics && {
        additional_metrics: {
          pacing_id: pacingIdOf(c.vendorCampaignName),
          booked_impressions: c.bookedImpressions,
          video_25: s?.video25 ?? 0,
          video_50: s?.video50 ?? 0,
          video_75: s?.video75 ?? 0,
          rsvps: rsvpsBy.get(c.id) ?? 0,
          impression_share: percent(sharesBy.get(c.id)?.impressionShare),
          click_share: percent(sharesBy.get(c.id)?.clickShare),
        },
      }),
    };
  });
}

/** Conversion tag names of a dealership's campaigns, alphabetical, one page (spec 001 §7 tag list). */
export async function listReportTags(db: Db, params: { dealershipId: number; pageIndex: number; pageSize: number }) {
  const base = db
    .selectDistinct({ tag_name: campaignConversions.tagName })
    .from(campaignConversions)
    .innerJoin(managedCampaigns, eq(managedCampaigns.id, campaignConversions.campaignId))
    .where(eq(managedCampaigns.dealershipId, params.dealershipId));
  const all = await base;
  const sorted = all.map((r) => r.tag_name).sort((a, b) => a.localeCompare(b));
  const start = params.pageIndex * params.pageSize;
  return {
    data: sorted.slice(start, start + params.pageSize).map((tag_name) => ({ tag_name })),
    pagination: { total: sorted.length },
  };
}
