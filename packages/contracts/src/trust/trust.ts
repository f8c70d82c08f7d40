import * as z from 'zod';
import { tenantParamsSchema } from '../common/ids';
import { campaignParamsSchema } from '../campaigns/params';
import { dataSourceSchema, freshnessSchema } from './freshness';
import { pacingBandSchema, pacingSchema } from './pacing';

/** Freshness and pacing of one campaign (issue 21 §1–2); `pacing` null unless active with a target. */
export const campaignTrustSchema = z.object({
  campaign_id: z.number().int(),
  dealership_id: z.number().int(),
  freshness: freshnessSchema,
  pacing: pacingSchema.nullable(),
});
export type CampaignTrust = z.infer<typeof campaignTrustSchema>;

/** `GET .../dealership/{id}/campaign-trust`: every managed campaign of the dealership. */
export const listCampaignTrustResponseSchema = z.object({
  time_zone: z.string(),
  band: pacingBandSchema,
  stale_after_hour: z.number().int(),
  data: z.array(campaignTrustSchema),
});
export type ListCampaignTrustResponse = z.infer<typeof listCampaignTrustResponseSchema>;

export const campaignTrustParamsSchema = campaignParamsSchema;
export const dealershipTrustParamsSchema = tenantParamsSchema;

/** Run state of a source or connection on the Data health page. */
export const syncStatusSchema = z.enum(['ok', 'failed', 'never']);
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/**
 * One row of the Data health page (issue 21 §1): the ingestion file set, or one ad platform
 * connection of the agency. `last_sync_at` the last run (ingestion or sync), its `status`,
 * `rows_loaded` and `last_error`; `next_run_at` the next scheduled sync (null for files: they
 * arrive when uploaded); `stale_campaigns` of `campaigns` active ones missed their expected day.
 */
export const dataHealthSourceSchema = z.object({
  source: dataSourceSchema,
  label: z.string(),
  connection_id: z.number().int().nullable(),
  last_sync_at: z.string().nullable(),
  status: syncStatusSchema,
  rows_loaded: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_run_at: z.string().nullable(),
  data_through: z.string().nullable(),
  campaigns: z.number().int(),
  stale_campaigns: z.number().int(),
  stale: z.boolean(),
});
export type DataHealthSource = z.infer<typeof dataHealthSourceSchema>;

/**
 * One PostgreSQL read replica of the portal (issue 24 §3, docs/scaling.md "Read replicas"): how far
 * its replay is behind the primary — `lag_bytes` of WAL, `lag_seconds` since the newest transaction
 * it replayed (0 when nothing is left to replay); both null when it does not answer. `state` is
 * `paused` while its replay is paused (`pg_wal_replay_pause()`).
 */
export const replicaLagSchema = z.object({
  name: z.string(),
  state: z.enum(['streaming', 'paused', 'unreachable']),
  lag_bytes: z.number().int().nonnegative().nullable(),
  lag_seconds: z.number().nonnegative().nullable(),
});
export type ReplicaLag = z.infer<typeof replicaLagSchema>;

export const dataHealthResponseSchema = z.object({
  time_zone: z.string(),
  stale_after_hour: z.number().int(),
  band: pacingBandSchema,
  sources: z.array(dataHealthSourceSchema),
  /** The portal's read replicas (DATABASE_REPLICA_URLS); empty when it has none. */
  replicas: z.array(replicaLagSchema),
});
export type DataHealthResponse = z.infer<typeof dataHealthResponseSchema>;
