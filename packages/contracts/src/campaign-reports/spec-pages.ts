import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { campaignStatusSchema } from '../campaigns/products';
import { percentSchema } from './common';

const dailyPoint = z.object({ date: isoDateSchema, impressions: z.number(), clicks: z.number(), ctr: percentSchema });

/** `GET .../campaigns/audiences/{id}` — audience campaign detail (spec 000 §3, §7). */
export const audienceCampaignSchema = z.object({
  client_campaign_id: z.number().int(),
  vendor_campaign_name: z.string().nullable(),
  client_campaign_display_name: z.string(),
  campaign_status: campaignStatusSchema,
  start_date: isoDateSchema,
  end_date: isoDateSchema,
});

/**
 * `GET .../campaigns/audiences/{id}/metrics?start_date&end_date` (spec 000 §2.5): overall totals,
 * daily rows, and the audience size trend with the latest size. `change_percent` compares the last
 * size in the range with the first (one decimal; null when there are fewer than two days).
 */
export const audienceMetricsSchema = z.object({
  overallMetrics: z.object({ impressions: z.number(), clicks: z.number(), ctr: percentSchema }),
  metrics: z.array(dailyPoint),
  audience: z.object({
    trends: z.array(z.object({ date: isoDateSchema, customersSize: z.number() })),
    size: z.number().nullable(),
    change_percent: z.number().nullable(),
  }),
});
export type AudienceMetrics = z.infer<typeof audienceMetricsSchema>;

/**
 * `GET .../campaigns/display/dyn/{id}/metrics?start_date&end_date` — social dynamic report (spec 000
 * §2.6, FBD and DYN): cards (ctr, reach, frequency, sales), daily impressions and interactions,
 * placements, demographics, DMAs (top 5) and, only when the dealership's
 * enable_facebook_campaign_conversions is on, conversions by type (else null).
 */
export const socialMetricsSchema = z.object({
  impressions: z.number(),
  clicks: z.number(),
  ctr: percentSchema,
  reach: z.number().nullable(),
  frequency: z.number().nullable(),
  sales: z.number(),
  conversions: z.number(),
  metrics: z.array(dailyPoint),
  deviceMetrics: z.array(z.object({ placement: z.string(), impressions: z.number() })),
  demographicData: z.array(z.object({ age: z.string(), male: z.number(), female: z.number() })),
  geoInsightsMetroData: z.array(z.object({ dma: z.string(), dma_code: z.number().int(), impressions: z.number() })),
  conversionsMetrics: z.array(z.object({ conversion_type: z.string(), conversions: z.number() })).nullable(),
});
export type SocialMetrics = z.infer<typeof socialMetricsSchema>;

/**
 * `GET .../campaigns/display/dyd/{id}/metrics?start_date&end_date` — dynamic inventory display
 * cards and daily charts (spec 000 §2.7): CTR, booked impressions, delivery, phone calls (the page
 * shows the card only when calls > 0), attributed sales.
 */
export const displayMetricsSchema = z.object({
  client_campaign_display_name: z.string(),
  show_roas: z.boolean(),
  show_site_list: z.boolean(),
  show_ad_previews: z.boolean(),
  impressions: z.number(),
  clicks: z.number(),
  ctr: percentSchema,
  booked_impressions: z.number().nullable(),
  delivery: percentSchema,
  calls: z.number(),
  sales: z.number(),
  metrics: z.array(dailyPoint),
});
export type DisplayMetrics = z.infer<typeof displayMetricsSchema>;

/**
 * `GET .../campaigns/display/{id}/metrics/conversions?start_date&end_date` (spec 000 §2.7, §3, §9):
 * conversion counts per tag; page views are tag 4; the count-weighted average time to convert
 * in days with its label ('<1 day' below 1); unique site visitors; key pages and UTM sources and
 * campaigns (top 5 each); `roas` (orders and revenue per day, dollars) only when show_roas, else null.
 */
export const conversionsResponseSchema = z.object({
  values: z.array(z.object({ tag_id: z.number().int(), tag_name: z.string(), type: z.string(), count: z.number() })),
  page_views: z.number(),
  time_to_convert: z.number().nullable(),
  time_to_convert_label: z.string().nullable(),
  unique_site_visitors: z.number().nullable(),
  key_pages: z.array(z.object({ tag_id: z.number().int(), tag_name: z.string(), count: z.number() })),
  utm_sources: z.array(z.object({ utm_source: z.string(), count: z.number() })),
  utm_campaigns: z.array(z.object({ utm_campaign: z.string(), count: z.number() })),
  roas: z.array(z.object({ date: isoDateSchema, orders: z.number(), monetary_value: z.number() })).nullable(),
});
export type ConversionsResponse = z.infer<typeof conversionsResponseSchema>;
