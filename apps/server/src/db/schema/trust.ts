import { bigint, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { managedCampaigns } from './campaigns';
import { organizations } from './tenancy';

/**
 * Freshness of a managed campaign's data from the ingestion file set (issue 21 §1, docs/trust.md):
 * the last day its daily metrics reached (`data_through`) and when the ingestion that brought data
 * for it committed (`arrived_at`). Written by the ingestion in the same transaction as the rows.
 * Self-service campaigns need no row: their last day and `last_synced_at` are on their own tables.
 */
export const campaignFreshness = pgTable('campaign_freshness', {
  campaignId: integer('campaign_id')
    .primaryKey()
    .references(() => managedCampaigns.id, { onDelete: 'cascade' }),
  dataThrough: date('data_through', { mode: 'string' }).notNull(),
  arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
});

/**
 * One ingestion of a file set (`source` 'files', `organization_id` null: a file set can reach every
 * agency) or one sync of a self-service campaign ('google_ads' / 'meta', with its organization and
 * campaign): when, how it ended, how many rows it loaded and the error of a failure. Read by the
 * Data health page.
 */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    source: text('source').notNull(),
    organizationId: integer('organization_id'),
    campaignId: integer('campaign_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    rowsLoaded: integer('rows_loaded').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('sync_runs_source_idx').on(t.source, t.organizationId, t.finishedAt)],
);

/** An agency's trust settings (docs/trust.md): the on-track pacing band, the hour a source is stale after and the alert thresholds. */
export const agencyTrustSettings = pgTable('agency_trust_settings', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  pacingLow: numeric('pacing_low', { precision: 5, scale: 1, mode: 'number' }).notNull().default(95),
  pacingHigh: numeric('pacing_high', { precision: 5, scale: 1, mode: 'number' }).notNull().default(105),
  staleAfterHour: integer('stale_after_hour').notNull().default(10),
  /** Alert thresholds (issue 21 §3): k of the drop rules, the impressions floor, the zero-day lookback. */
  anomalySigma: numeric('anomaly_sigma', { precision: 4, scale: 2, mode: 'number' }).notNull().default(3),
  volumeFloor: integer('volume_floor').notNull().default(1000),
  zeroDayLookback: integer('zero_day_lookback').notNull().default(7),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
