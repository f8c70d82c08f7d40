import { ctrPercent, deliveryPercent, type DisplayMetrics } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { ReportCampaignRecord, ReportRange } from './campaign';
import { dailyPoints, readDailyRows, sumDailyRows } from './daily';

/**
 * Dynamic inventory display cards and daily points (spec 000 §2.7): CTR, booked impressions,
 * delivery (percent to one decimal), phone calls and attributed sales summed from the daily rows.
 */
export async function getDisplayMetrics(
  db: Db,
  { campaign, range }: { campaign: ReportCampaignRecord; range: ReportRange },
): Promise<DisplayMetrics> {
  const days = await readDailyRows(db, { campaignId: campaign.id, range });
  const sums = sumDailyRows(days);
  return {
    client_campaign_display_name: campaign.displayName,
    show_roas: campaign.showRoas,
    show_site_list: campaign.showSiteList,
    show_ad_previews: campaign.showAdPreviews,
    impressions: sums.impressions,
    clicks: sums.clicks,
    ctr: ctrPercent(sums.clicks, sums.impressions),
    booked_impressions: campaign.bookedImpressions,
    delivery: deliveryPercent(sums.impressions, campaign.bookedImpressions),
    calls: sums.calls,
    sales: sums.sales,
    metrics: dailyPoints(days),
  };
}
