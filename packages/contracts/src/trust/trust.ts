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

export const dataHealthResponseSchema = z.object({
  time_zone: z.string(),
  stale_after_hour: z.number().int(),
  band: pacingBandSchema,
  sources: z.array(dataHealthSourceSchema),
});
export type DataHealthResponse = z.infer<typeof dataHealthResponseSchema>;
