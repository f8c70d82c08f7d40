import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { pageSchema, tableQueryShape } from '../common/table-query';
import { campaignStatusSchema, campaignTypeSchema } from './products';

/** Columns of the managed list that `sorting` accepts. */
export const managedCampaignSortColumns = [
  'client_campaign_display_name',
  'campaign_status',
  'start_date',
  'end_date',
  'product_code',
  'impressions',
  'clicks',
  'ctr',
  'budget',
  'demand_local_net',
] as const;

/** Columns of the managed list that `filters` accepts: status, product code, free-text name. */
export const managedCampaignFilterColumns = [
  'campaign_status',
  'product_code',
  'client_campaign_display_name',
] as const;

/**
 * Query of `GET /api/agencies/{organization_id}/dealership/{dealership_id}/campaigns`
 * (spec 000 §2.3, §7): paging, sorting, filters and the `startDate`/`endDate` range (inclusive,
 * dealership-local calendar days) over which metrics are summed. Sort and filter ids outside
 * `managedCampaignSortColumns` / `managedCampaignFilterColumns` → 400.
 */
export const listManagedCampaignsQuerySchema = z
  .object(
    tableQueryShape(
      {
        defaultPageSize: 500,
        maxPageSize: 1000,
        columns: { sort: managedCampaignSortColumns, filter: managedCampaignFilterColumns },
      },
      { startDate: isoDateSchema, endDate: isoDateSchema },
    ),
  )
  .refine((query) => query.startDate <= query.endDate, {
    message: 'startDate must not be after endDate',
    path: ['endDate'],
  });
export type ListManagedCampaignsQuery = z.infer<typeof listManagedCampaignsQuerySchema>;

/**
 * Managed campaign list item (spec 000 §3). Money in dollars; `ctr` a percent to two decimals or
 * null when there are no impressions; `booked_impressions` the flight's contracted impressions.
 */
export const managedCampaignSchema = z.object({
  client_campaign_id: z.number().int(),
  client_campaign_display_name: z.string(),
  campaign_status: campaignStatusSchema,
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  product_code: z.string(),
  product_name: z.string(),
  campaign_type: campaignTypeSchema,
  vendor: z.string().nullable(),
  impressions: z.number(),
  clicks: z.number(),
  views: z.number(),
  ctr: z.number().nullable(),
  budget: z.number().nullable(),
  demand_local_net: z.number().nullable(),
  booked_impressions: z.number().nullable(),
});
export type ManagedCampaign = z.infer<typeof managedCampaignSchema>;

export const listManagedCampaignsResponseSchema = pageSchema(managedCampaignSchema);
export type ListManagedCampaignsResponse = z.infer<typeof listManagedCampaignsResponseSchema>;
