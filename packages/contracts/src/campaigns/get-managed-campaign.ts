import * as z from 'zod';
import { dateRangeQuerySchema, isoDateSchema } from '../common/dates';
import { managedCampaignSchema } from './list-managed-campaigns';

/** Query of `GET .../campaigns/{campaign_id}`: the range over which totals and daily rows are given. */
export const getManagedCampaignQuerySchema = dateRangeQuerySchema;

/** One day of a campaign's delivery (dealership-local day; spend in dollars). */
export const campaignDaySchema = z.object({
  date: isoDateSchema,
  impressions: z.number(),
  clicks: z.number(),
  views: z.number(),
  spend: z.number(),
  conversions: z.number(),
  calls: z.number(),
  leads: z.number(),
});

/**
 * A managed campaign with its totals over the range (same fields as the list item) plus the
 * per-day rows and report settings. Answers 404 when the campaign is not the dealership's.
 */
export const managedCampaignDetailSchema = managedCampaignSchema.extend({
  dealership_name: z.string(),
  show_roas: z.boolean(),
  show_site_list: z.boolean(),
  show_ad_previews: z.boolean(),
  days: z.array(campaignDaySchema),
});
export type ManagedCampaignDetail = z.infer<typeof managedCampaignDetailSchema>;
