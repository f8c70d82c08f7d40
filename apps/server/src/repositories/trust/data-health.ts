import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  campaignFreshness as freshnessOf,
  dataSourceLabels,
  nextRunEvery,
  VENDOR_GOOGLE_ADS,
  type DataHealthSource,
  type DataSource,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import {
  dealerships,
  platformConnections,
  selfServiceCampaigns,
  selfServiceDailyMetrics,
  syncRuns,
} from '../../db/schema';
import { loadCampaignTrust } from './campaign-trust';
import type { TrustSettings } from './settings';

/** The zone of the self-service refresh cron (self-service/sync-job.ts; every SELF_SERVICE_SYNC_EVERY_HOURS hours). */
export const SYNC_ZONE = 'America/Chicago';

const sourceOfVendor = (vendorId: number): DataSource => (vendorId === VENDOR_GOOGLE_ADS ? 'google_ads' : 'meta');

async function lastRuns(db: Db, source: DataSource, organizationId: number | null) {
  const scope = organizationId === null ? isNull(syncRuns.organizationId) : eq(syncRuns.organizationId, organizationId);
  const [last] = await db
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.source, source), scope))
    .orderBy(desc(syncRuns.finishedAt), desc(syncRuns.id))
    .limit(1);
  const [failed] = await db
    .select({ error: syncRuns.error })
    .from(syncRuns)
    .where(and(eq(syncRuns.source, source), scope, eq(syncRuns.status, 'failed')))
    .orderBy(desc(syncRuns.finishedAt), desc(syncRuns.id))
    .limit(1);
  return { last, lastError: failed?.error ?? null };
}

/**
 * The Data health page of an agency (issue 21 §1, docs/trust.md): the ingestion file set (its last
 * run is global: a file set may reach every agency) and each ad platform connection of the agency,
 * with the last run, its status, rows loaded, the last error, the next scheduled run, the newest
 * day of data and how many running campaigns missed their expected day (stale).
 */
export async function loadDataHealth(
  db: Db,
  params: { organizationId: number; now: Date; settings: TrustSettings; syncEveryHours?: number },
): Promise<DataHealthSource[]> {
  const { organizationId, now, settings } = params;
  const dealershipIds = (
    await db.select({ id: dealerships.id }).from(dealerships).where(eq(dealerships.organizationId, organizationId))
  ).map((row) => row.id);

  const managed = (await loadCampaignTrust(db, { dealershipIds, now, settings })).filter(
    (c) => c.freshness.expected_through !== null,
  );
  const files = await lastRuns(db, 'files', null);
  const newest = (days: Array<string | null>) =>
    days.reduce<string | null>((max, day) => (day !== null && (max === null || day > max) ? day : max), null);
  const sources: DataHealthSource[] = [
    {
      source: 'files',
      label: dataSourceLabels.files,
      connection_id: null,
      last_sync_at: files.last?.finishedAt.toISOString() ?? null,
      status: files.last ? (files.last.status === 'failed' ? 'failed' : 'ok') : 'never',
      rows_loaded: files.last?.rowsLoaded ?? null,
      last_error: files.lastError,
      next_run_at: null,
      data_through: newest(managed.map((c) => c.freshness.data_through)),
      campaigns: managed.length,
      stale_campaigns: managed.filter((c) => c.freshness.stale).length,
      stale: managed.some((c) => c.freshness.stale),
    },
  ];

  const connections = await db
    .select({ id: platformConnections.id, vendorId: platformConnections.vendorId })
    .from(platformConnections)
    .where(eq(platformConnections.organizationId, organizationId))
    .orderBy(platformConnections.vendorId);
  const vendorIds = connections.map((c) => c.vendorId);
  const campaigns =
    vendorIds.length === 0
      ? []
      : await db
          .select({
            vendorId: selfServiceCampaigns.vendorId,
            start: selfServiceCampaigns.startDate,
            end: selfServiceCampaigns.endDate,
            lastSyncedAt: selfServiceCampaigns.lastSyncedAt,
            dataThrough: sql<
              string | null
            >`(select max(${selfServiceDailyMetrics.date})::text from ${selfServiceDailyMetrics}
              where ${selfServiceDailyMetrics.campaignId} = ${selfServiceCampaigns.id})`,
          })
          .from(selfServiceCampaigns)
          .where(
            and(
              eq(selfServiceCampaigns.organizationId, organizationId),
              inArray(selfServiceCampaigns.vendorId, vendorIds),
              eq(selfServiceCampaigns.statusName, 'active'),
            ),
          );
  for (const connection of connections) {
    const source = sourceOfVendor(connection.vendorId);
    const runs = await lastRuns(db, source, organizationId);
    const freshness = campaigns
      .filter((c) => c.vendorId === connection.vendorId)
      .map((c) =>
        freshnessOf({
          source,
          dataThrough: c.dataThrough,
          updatedAt: c.lastSyncedAt,
          flight: { start: c.start, end: c.end },
          now,
          timeZone: settings.timeZone,
          staleAfterHour: settings.staleAfterHour,
        }),
      )
      .filter((f) => f.expected_through !== null);
    sources.push({
      source,
      label: dataSourceLabels[source],
      connection_id: connection.id,
      last_sync_at: runs.last?.finishedAt.toISOString() ?? null,
      status: runs.last ? (runs.last.status === 'failed' ? 'failed' : 'ok') : 'never',
      rows_loaded: runs.last?.rowsLoaded ?? null,
      last_error: runs.lastError,
      next_run_at: nextRunEvery(now, params.syncEveryHours ?? 1, SYNC_ZONE).toISOString(),
      data_through: newest(freshness.map((f) => f.data_through)),
      campaigns: freshness.length,
      stale_campaigns: freshness.filter((f) => f.stale).length,
      stale: freshness.some((f) => f.stale),
    });
  }
  return sources;
}
