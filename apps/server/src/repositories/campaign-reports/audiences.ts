import { and, asc, eq } from 'drizzle-orm';
import { ctrPercent, type AudienceMetrics } from '@portal/contracts';
import type { Db } from '../../db/client';
import { campaignAudienceSizes as sizes } from '../../db/schema';
import type { ReportCampaignRecord, ReportRange } from './campaign';
import { dailyPoints, readDailyRows, sumDailyRows } from './daily';
import { inDays } from './table';

/**
 * Audience campaign metrics (spec 000 §2.5): totals and daily points over the range, and the
 * audience size per day. `size` is the last size in the range; `change_percent` compares it with
 * the first, to one decimal (null with fewer than two days or a first size of 0).
 */
export async function getAudienceMetrics(
  db: Db,
  { campaign, range }: { campaign: ReportCampaignRecord; range: ReportRange },
): Promise<AudienceMetrics> {
  const days = await readDailyRows(db, { campaignId: campaign.id, range });
  const sums = sumDailyRows(days);
  const trends = await db
    .select({ date: sizes.date, customersSize: sizes.audienceSize })
    .from(sizes)
    .where(and(eq(sizes.campaignId, campaign.id), inDays(sizes.date, range)))
    .orderBy(asc(sizes.date));
  const first = trends[0]?.customersSize;
  const last = trends.at(-1)?.customersSize;
  const change =
    trends.length >= 2 && first ? Math.round(((last! - first) / first) * 1000 + Number.EPSILON) / 10 : null;
  return {
    overallMetrics: {
      impressions: sums.impressions,
      clicks: sums.clicks,
      ctr: ctrPercent(sums.clicks, sums.impressions),
    },
    metrics: dailyPoints(days),
    audience: { trends, size: last ?? null, change_percent: change },
  };
}
