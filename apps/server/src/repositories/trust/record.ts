import type { DataSource } from '@portal/contracts';
import type { Db } from '../../db/client';
import { syncRuns } from '../../db/schema';

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
