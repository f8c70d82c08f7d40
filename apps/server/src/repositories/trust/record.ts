import type { DataSource } from '@portal/contracts';
import type { Db } from '../../db/client';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { campaignFreshness, managedCampaigns, syncRuns } from '../../db/schema';

/** Logs one ingestion or sync run for the Data health page; never throws (the run's own outcome matters more). */
export async function recordSyncRun(
  db: Db,
  run: {
    source: DataSource;
    organizationId?: number | null;
    campaignId?: number | null;
    startedAt: Date;
    finishedAt?: Date;
    status: 'ok' | 'failed';
    rowsLoaded?: number;
    error?: string | null;
  },
): Promise<void> {
  try {
    await db.insert(syncRuns).values({
      source: run.source,
      organizationId: run.organizationId ?? null,
      campaignId: run.campaignId ?? null,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt ?? new Date(),
      status: run.status,
      rowsLoaded: run.rowsLoaded ?? 0,
      error: run.error ? run.error.slice(0, 1000) : null,
    });
  } catch {
    // The Data health log is best effort.
  }
}

/**
 * The freshness of a report over several managed campaigns of a dealership (issue 21 §1, the report
 * email's stamp): the newest `data_through` among them and when it arrived. `campaignIds` empty or
 * absent: every managed campaign of the dealership. Nulls when none has data.
 */
export async function dealershipDataThrough(
  db: Db,
  { dealershipId, campaignIds }: { dealershipId: number; campaignIds?: number[] | undefined },
): Promise<{ dataThrough: string | null; arrivedAt: Date | null }> {
  const [row] = await db
    .select({
      dataThrough: sql<string | null>`max(${campaignFreshness.dataThrough})::text`,
      arrivedAt: sql<string | null>`max(${campaignFreshness.arrivedAt})::text`,
    })
    .from(campaignFreshness)
    .innerJoin(managedCampaigns, eq(managedCampaigns.id, campaignFreshness.campaignId))
    .where(
      and(
        eq(managedCampaigns.dealershipId, dealershipId),
        campaignIds && campaignIds.length > 0 ? inArray(managedCampaigns.id, campaignIds) : undefined,
      ),
    );
  return {
    dataThrough: row?.dataThrough ?? null,
    arrivedAt: row?.arrivedAt ? new Date(row.arrivedAt) : null,
  };
}
