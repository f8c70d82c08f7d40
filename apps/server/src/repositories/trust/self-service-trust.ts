import { and, eq, sql } from 'drizzle-orm';
import { campaignFreshness, VENDOR_GOOGLE_ADS, type CampaignTrust } from '@portal/contracts';
import type { Db } from '../../db/client';
import { selfServiceCampaigns as campaigns, selfServiceDailyMetrics as daily } from '../../db/schema';
import type { TrustSettings } from './settings';

/**
 * Freshness of a self-service campaign of the dealership (docs/trust.md): the newest day of its
 * synced daily metrics and its last successful sync. Only a campaign live on its platform (status
 * name active) expects data. No pacing: these campaigns carry no budget or booking. Null when the
 * campaign is not the dealership's.
 */
export async function loadSelfServiceTrust(
  db: Db,
  params: { dealershipId: number; campaignId: number; now: Date; settings: TrustSettings },
): Promise<CampaignTrust | null> {
  const [row] = await db
    .select({
      id: campaigns.id,
      dealershipId: campaigns.dealershipId,
      vendorId: campaigns.vendorId,
      statusName: campaigns.statusName,
      start: campaigns.startDate,
      end: campaigns.endDate,
      lastSyncedAt: campaigns.lastSyncedAt,
      dataThrough: sql<
        string | null
      >`(select max(${daily.date})::text from ${daily} where ${daily.campaignId} = ${campaigns.id})`,
    })
    .from(campaigns)
    .where(and(eq(campaigns.id, params.campaignId), eq(campaigns.dealershipId, params.dealershipId)));
  if (!row) return null;
  return {
    campaign_id: row.id,
    dealership_id: row.dealershipId,
    freshness: campaignFreshness({
      source: row.vendorId === VENDOR_GOOGLE_ADS ? 'google_ads' : 'meta',
      dataThrough: row.dataThrough,
      updatedAt: row.lastSyncedAt,
      flight: row.statusName === 'active' ? { start: row.start, end: row.end } : { start: '9999-12-31', end: null },
      now: params.now,
      timeZone: params.settings.timeZone,
      staleAfterHour: params.settings.staleAfterHour,
    }),
    pacing: null,
  };
}
