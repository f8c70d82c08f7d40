import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  campaignFreshness as freshnessOf,
  computePacing,
  localDate,
  type CampaignTrust,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import {
  campaignDailyMetrics as metrics,
  campaignDeliveryTotals as totals,
  campaignFreshness,
  managedCampaigns as campaigns,
} from '../../db/schema';
import type { TrustSettings } from './settings';

export interface CampaignTrustParams {
  dealershipIds: number[];
  /** One campaign only (the report header). */
  campaignId?: number;
  now: Date;
  settings: TrustSettings;
}

/**
 * Freshness (ingestion file set) and pacing of the managed campaigns of some dealerships, in the
 * organization's zone at `now` (docs/trust.md). Delivery to date is the flight start through the
 * pacing day (yesterday, or the flight end): the campaign's `campaign_delivery_totals` less its rows
 * outside that window.
 */
export async function loadCampaignTrust(db: Db, params: CampaignTrustParams): Promise<CampaignTrust[]> {
  if (params.dealershipIds.length === 0) return [];
  const { settings, now } = params;
  const today = localDate(now, settings.timeZone);
  const yesterday = addDays(today, -1);
  const rows = await db
    .select({
      id: campaigns.id,
      dealershipId: campaigns.dealershipId,
      status: campaigns.campaignStatus,
      start: campaigns.startDate,
      end: campaigns.endDate,
      budget: campaigns.budget,
      booked: campaigns.bookedImpressions,
      dataThrough: campaignFreshness.dataThrough,
      arrivedAt: campaignFreshness.arrivedAt,
      // [impressions, spend] to date, only for a running campaign (pacing is computed for active
      // ones only), from the campaign's roll-up total (every day it has rows): as it is when the
      // total's date bounds lie inside the flight-to-yesterday window (no row read); otherwise less
      // its rows outside that window, two range probes of the (campaign_id, date) key (one with an
      // OR would read every day of the campaign) — docs/performance.md "Roll-ups". One day past the
      // window (between UTC midnight and the agency's, a campaign loaded through UTC yesterday) is
      // the total's own last day (`last_day_*`, kept beside it), no row read.
      delivered: sql<[number, number] | null>`case
        when ${campaigns.campaignStatus} <> 'active' then null
        when ${totals.campaignId} is null then json_build_array(0, 0)
        when ${totals.firstDate} >= ${campaigns.startDate} and ${totals.lastDate} <= least(${campaigns.endDate}, ${yesterday}::date)
          then json_build_array(${totals.impressions}, ${totals.spend})
        when ${totals.firstDate} >= ${campaigns.startDate} and ${totals.lastDate} = least(${campaigns.endDate}, ${yesterday}::date) + 1
          then json_build_array(${totals.impressions} - ${totals.lastDayImpressions}, ${totals.spend} - ${totals.lastDaySpend})
        else (
        select json_build_array(${totals.impressions} - coalesce(sum(outside.impressions), 0),
          ${totals.spend} - coalesce(sum(outside.spend), 0))
        from (
          select ${metrics.impressions} impressions, ${metrics.spend} spend from ${metrics}
          where ${metrics.campaignId} = ${campaigns.id} and ${metrics.date} < ${campaigns.startDate}
          union all
          select ${metrics.impressions}, ${metrics.spend} from ${metrics}
          where ${metrics.campaignId} = ${campaigns.id} and ${metrics.date} > least(${campaigns.endDate}, ${yesterday}::date)
        ) outside) end`,
    })
    .from(campaigns)
    .leftJoin(campaignFreshness, eq(campaignFreshness.campaignId, campaigns.id))
    .leftJoin(totals, eq(totals.campaignId, campaigns.id))
    .where(
      and(
        sql`${campaigns.dealershipId} in (${sql.join(
          params.dealershipIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        params.campaignId === undefined ? undefined : eq(campaigns.id, params.campaignId),
      ),
    )
    .orderBy(campaigns.id);
  return rows.map((row) => {
    const active = row.status === 'active';
    return {
      campaign_id: row.id,
      dealership_id: row.dealershipId,
      freshness: freshnessOf({
        source: 'files',
        dataThrough: row.dataThrough,
        updatedAt: row.arrivedAt,
        // Only a running flight expects data; an ended, paused or pending one is never stale.
        flight: active ? { start: row.start, end: row.end } : { start: '9999-12-31', end: null },
        now,
        timeZone: settings.timeZone,
        staleAfterHour: settings.staleAfterHour,
      }),
      pacing: active
        ? computePacing({
            start: row.start,
            end: row.end,
            today,
            bookedImpressions: row.booked,
            budget: row.budget,
            impressionsToDate: Number(row.delivered?.[0] ?? 0),
            spendToDate: Number(row.delivered?.[1] ?? 0),
            band: settings.band,
          })
        : null,
    };
  });
}
