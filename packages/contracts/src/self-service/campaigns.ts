import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { idParamSchema, tenantParamsSchema } from '../common/ids';
import { pageSchema, tableQueryShape } from '../common/table-query';
import { importStatusSchema, platformStatusNameSchema, vendorIdSchema } from './vendors';

/** Path of `.../campaigns/self-service/{campaign_id}` and its sub-calls. */
export const selfServiceParamsSchema = tenantParamsSchema.extend({ campaign_id: idParamSchema });
export type SelfServiceParams = z.infer<typeof selfServiceParamsSchema>;

/**
 * A self-service campaign (spec 001 §3, spec 000 §3). `status` is the import status; `vendor_campaign`
 * the platform's campaign; `campaign_stats` one row of impressions and clicks summed over the range.
 */
export const selfServiceCampaignSchema = z.object({
  _id: z.number().int(),
  vendor_id: z.number().int(),
  status: importStatusSchema,
  failure_reason: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  vendor_campaign: z.object({
    id: z.string(),
    name: z.string(),
    account_id: z.string(),
    account_name: z.string(),
    login_customer_id: z.string().nullable(),
    start_date: isoDateSchema,
    end_date: isoDateSchema.nullable(),
    status_name: platformStatusNameSchema,
  }),
  campaign_stats: z.array(z.object({ impressions: z.number(), clicks: z.number() })),
  /** Percent to two decimals, null when there are no impressions. */
  ctr: z.number().nullable(),
});
export type SelfServiceCampaign = z.infer<typeof selfServiceCampaignSchema>;

export const selfServiceSortColumns = ['name', 'start_date', 'impressions', 'clicks', 'ctr', 'status'] as const;

/**
 * `GET .../campaigns/self-service/list?pageIndex&pageSize&sorting&startDate&endDate` (spec 001 §7):
 * sort ids of `selfServiceSortColumns`; the list takes no filters (any → 400).
 */
export const listSelfServiceQuerySchema = z.object(
  tableQueryShape(
    { defaultPageSize: 100, maxPageSize: 500, columns: { sort: selfServiceSortColumns, filter: [] } },
    { startDate: isoDateSchema.optional(), endDate: isoDateSchema.optional() },
  ),
);
export type ListSelfServiceQuery = z.infer<typeof listSelfServiceQuerySchema>;
export const listSelfServiceResponseSchema = pageSchema(selfServiceCampaignSchema);
export type ListSelfServiceResponse = z.infer<typeof listSelfServiceResponseSchema>;

/** `POST .../campaigns/self-service/edit` (spec 001 §4, §7): `status` is the current one; the server flips it. */
export const editSelfServiceBodySchema = z.object({
  campaign_id: z.coerce.number().int().positive(),
  vendor_id: vendorIdSchema,
  customer_account_id: z.string().max(64).nullable().optional(),
  login_customer_id: z.string().max(64).nullable().optional(),
  status: platformStatusNameSchema,
});
export type EditSelfServiceBody = z.infer<typeof editSelfServiceBodySchema>;
export const editSelfServiceResponseSchema = z.object({
  campaign_id: z.number().int(),
  status_name: platformStatusNameSchema,
});

/** One day of a self-service campaign (spec 001 §3 metrics row). */
export const selfServiceMetricsRowSchema = z.object({
  date: isoDateSchema,
  impressions: z.number(),
  clicks: z.number(),
});
export const selfServiceMetricsResponseSchema = z.object({
  data: z.array(selfServiceMetricsRowSchema),
  totals: z.object({ impressions: z.number(), clicks: z.number(), ctr: z.number().nullable() }),
  /** Product rows in the range (the Product Performance table shows only when > 0). */
  product_total: z.number().int(),
});
export type SelfServiceMetricsResponse = z.infer<typeof selfServiceMetricsResponseSchema>;

/** A product row (spec 001 §3), summed over the range. */
export const selfServiceProductSchema = z.object({
  product_title: z.string(),
  product_item_id: z.string(),
  impressions: z.number(),
  clicks: z.number(),
  conversions: z.number(),
});
export type SelfServiceProduct = z.infer<typeof selfServiceProductSchema>;
export const selfServiceProductsResponseSchema = pageSchema(selfServiceProductSchema);
export type SelfServiceProductsResponse = z.infer<typeof selfServiceProductsResponseSchema>;
export const selfServiceProductSortColumns = [
  'product_title',
  'product_item_id',
  'impressions',
  'clicks',
  'conversions',
] as const;
/** Product Performance takes sorting only (any filter → 400). */
export const selfServiceProductTableColumns = { sort: selfServiceProductSortColumns, filter: [] as const };
/** Product Performance table columns as the page and its CSV show them (spec 001 §2.11). */
export const selfServiceProductColumns = [
  { key: 'product_title', header: 'Product' },
  { key: 'product_item_id', header: 'Product ID' },
  { key: 'impressions', header: 'Impressions' },
  { key: 'clicks', header: 'Clicks' },
  { key: 'conversions', header: 'Conversions' },
] as const;
