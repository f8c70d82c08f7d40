import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  completionPercent,
  ctrPercent,
  deliveryPercent,
  flightDays,
  frequency,
  productCatalog,
  vtrPercent,
  type CampaignReport,
  type CampaignStatus,
  type ReportSectionName,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import type { ReportCampaignRecord, ReportRange } from './campaign';
import { readDailyRows, sumDailyRows } from './daily';
import { inDays, inLocalDays } from './table';

/** `select count(*)` of one breakdown table for the campaign, as a scalar subquery. */
function rowCount(table: PgTable, campaignColumn: AnyColumn, campaignId: number, inRange: SQL) {
  return sql<number>`(select count(*)::int from ${table} where ${and(eq(campaignColumn, campaignId), inRange)})`.mapWith(
    Number,
  );
}

/** Rows per breakdown within the range (dated tables by day, calls and leads by local day, events by event date). */
async function sectionCounts(
  db: Db,
  campaign: ReportCampaignRecord,
  range: ReportRange,
): Promise<Record<ReportSectionName, number>> {
  const id = campaign.id;
  const byDay = (table: PgTable & { campaignId: AnyColumn; date: AnyColumn }) =>
    rowCount(table, table.campaignId, id, inDays(table.date, range));
  const s = schema;
  const [counts] = await db
    .select({
      placements: byDay(s.campaignPlacements),
      demographics: byDay(s.campaignDemographics),
      dmas: byDay(s.campaignDmas),
      sites: byDay(s.campaignSites),
      creatives: byDay(s.campaignCreativeMetrics),
      vehicles: byDay(s.campaignVehicles),
      keywords: byDay(s.campaignKeywords),
      conversions: byDay(s.campaignConversions),
      utms: byDay(s.campaignUtms),
      calls: rowCount(
        s.phoneCalls,
        s.phoneCalls.campaignId,
        id,
        inLocalDays(s.phoneCalls.datetime, range, campaign.timeZone),
      ),
      audience_sizes: byDay(s.campaignAudienceSizes),
      leads: rowCount(
        s.campaignLeads,
        s.campaignLeads.campaignId,
        id,
        inLocalDays(s.campaignLeads.datetime, range, campaign.timeZone),
      ),
      locations: byDay(s.campaignLocations),
      events: rowCount(s.campaignEvents, s.campaignEvents.campaignId, id, inDays(s.campaignEvents.eventDate, range)),
    })
    .from(s.managedCampaigns)
    .where(eq(s.managedCampaigns.id, id));
  return counts!;
}

/**
 * The report every page starts from (spec 000 §2.5–§2.7, §9): the campaign header, totals over the
 * range with the §9 rules, daily rows, and the row count of each breakdown in the range.
 */
export async function getCampaignReport(
  db: Db,
  { campaign, range }: { campaign: ReportCampaignRecord; range: ReportRange },
): Promise<CampaignReport> {
  // Independent reads: on PostgreSQL they run on two pooled connections at once.
  const [days, sections] = await Promise.all([
    readDailyRows(db, { campaignId: campaign.id, range }),
    sectionCounts(db, campaign, range),
  ]);
  const sums = sumDailyRows(days);
  const family =
    (productCatalog as Record<string, { family: string }>)[campaign.productCode]?.family ?? campaign.campaignType;
  return {
    campaign: {
      client_campaign_id: campaign.id,
      client_campaign_display_name: campaign.displayName,
      vendor_campaign_name: campaign.vendorCampaignName,
      product_code: campaign.productCode,
      product_name: campaign.productName,
      family,
      campaign_status: campaign.campaignStatus as CampaignStatus,
      start_date: campaign.startDate,
      end_date: campaign.endDate,
      dealership_id: campaign.dealershipId,
      dealership_name: campaign.dealershipName,
      budget: campaign.budget,
      demand_local_net: campaign.demandLocalNet,
      booked_impressions: campaign.bookedImpressions,
      show_roas: campaign.showRoas,
      show_site_list: campaign.showSiteList,
      show_ad_previews: campaign.showAdPreviews,
      enable_facebook_campaign_conversions: campaign.enableFacebookCampaignConversions,
    },
    range: { start_date: range.startDate, end_date: range.endDate },
    totals: {
      impressions: sums.impressions,
      clicks: sums.clicks,
      views: sums.views,
      reach: sums.reach,
      spend: sums.spend,
      conversions: sums.conversions,
      sales: sums.sales,
      calls: sums.calls,
      leads: sums.leads,
      video_25: sums.video25,
      video_50: sums.video50,
      video_75: sums.video75,
      video_100: sums.video100,
      ctr: ctrPercent(sums.clicks, sums.impressions),
      vtr: vtrPercent(sums.views, sums.impressions),
      frequency: frequency(sums.impressions, sums.reach),
      delivery: deliveryPercent(sums.impressions, campaign.bookedImpressions),
      completion_25: completionPercent(sums.video25, sums.impressions),
      completion_50: completionPercent(sums.video50, sums.impressions),
      completion_75: completionPercent(sums.video75, sums.impressions),
      completion_100: completionPercent(sums.video100, sums.impressions),
    },
    daily: days.map((day) => ({
      date: day.date,
      impressions: day.impressions,
      clicks: day.clicks,
      views: day.views,
      reach: day.reach,
      spend: day.spend,
      conversions: day.conversions,
      sales: day.sales,
      calls: day.calls,
      leads: day.leads,
      video_100: day.video100,
      ctr: ctrPercent(day.clicks, day.impressions),
    })),
    sections,
  };
}

/**
 * The flight budget prorated to the range (spec 000 §3 Budget): amount × (days of the range
 * inside the flight ÷ days of the flight), rounded to cents; null where the campaign has no amount.
 */
export function prorateBudget(
  campaign: Pick<ReportCampaignRecord, 'startDate' | 'endDate' | 'budget' | 'demandLocalNet'>,
  range: ReportRange,
): { gross_revenue: number | null; demand_local_net: number | null } {
  const first = campaign.startDate > range.startDate ? campaign.startDate : range.startDate;
  const last = campaign.endDate < range.endDate ? campaign.endDate : range.endDate;
  const share = Math.max(0, flightDays(first, last)) / flightDays(campaign.startDate, campaign.endDate);
  const prorate = (amount: number | null) => (amount === null ? null : Math.round(amount * share * 100) / 100);
  return { gross_revenue: prorate(campaign.budget), demand_local_net: prorate(campaign.demandLocalNet) };
}
