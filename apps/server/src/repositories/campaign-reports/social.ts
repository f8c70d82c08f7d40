import { and, eq, sql } from 'drizzle-orm';
import { ctrPercent, frequency, TOP_ENTRIES, type SocialMetrics } from '@portal/contracts';
import type { Db } from '../../db/client';
import { campaignConversions as conversions } from '../../db/schema';
import { getDemographics, getDmas, getPlacements } from './breakdowns';
import type { ReportCampaignRecord, ReportRange } from './campaign';
import { dailyPoints, readDailyRows, sumDailyRows } from './daily';
import { inDays, sumOf } from './table';

/** Conversions per conversion type (the tag name) over the range, most first. */
function conversionsByType(db: Db, campaignId: number, range: ReportRange) {
  const total = sumOf(conversions.count);
  return db
    .select({ conversion_type: conversions.tagName, conversions: total })
    .from(conversions)
    .where(and(eq(conversions.campaignId, campaignId), inDays(conversions.date, range)))
    .groupBy(conversions.tagName)
    .orderBy(sql`${total} desc`, sql`${conversions.tagName} collate "C"`);
}

/**
 * Social dynamic report (spec 000 §2.6, FBD and DYN): cards, daily points, impressions by
 * placement, impressions by age group and gender, the top 5 DMAs, and conversions by type only
 * when the dealership's enable_facebook_campaign_conversions is on (else null).
 */
export async function getSocialMetrics(
  db: Db,
  { campaign, range }: { campaign: ReportCampaignRecord; range: ReportRange },
): Promise<SocialMetrics> {
  const days = await readDailyRows(db, { campaignId: campaign.id, range });
  const sums = sumDailyRows(days);
  const placements = await getPlacements(db, { campaignId: campaign.id, range });
  const demographics = await getDemographics(db, { campaignId: campaign.id, range });
  const dmas = await getDmas(db, { campaignId: campaign.id, range, limit: TOP_ENTRIES });
  const conversionsMetrics = campaign.enableFacebookCampaignConversions
    ? await conversionsByType(db, campaign.id, range)
    : null;
  return {
    impressions: sums.impressions,
    clicks: sums.clicks,
    ctr: ctrPercent(sums.clicks, sums.impressions),
    reach: sums.reach,
    frequency: frequency(sums.impressions, sums.reach),
    sales: sums.sales,
    conversions: sums.conversions,
    metrics: dailyPoints(days),
    deviceMetrics: placements.map((p) => ({ placement: p.placement, impressions: p.impressions })),
    demographicData: demographics.map((d) => ({ age: d.age, male: d.male, female: d.female })),
    geoInsightsMetroData: dmas.map((d) => ({ dma: d.dma, dma_code: d.dma_code, impressions: d.impressions })),
    conversionsMetrics,
  };
}
