import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { campaignStatusSchema } from '../campaigns/products';
import { percentSchema } from './common';

/**
 * `GET .../campaigns/{campaign_id}/report?start_date&end_date` — the data every report page starts
 * from (header, cards, daily charts), for every product family. Counts are whole numbers, money in
 * dollars, percents in percent units rounded as spec 000 §9 says (null = N/A). `sections` counts the
 * rows each breakdown has in the range, so a page shows a section only when its data exists.
 */
export const reportCampaignSchema = z.object({
  client_campaign_id: z.number().int(),
  client_campaign_display_name: z.string(),
  vendor_campaign_name: z.string().nullable(),
  product_code: z.string(),
  product_name: z.string(),
  family: z.string(),
  campaign_status: campaignStatusSchema,
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  dealership_id: z.number().int(),
  dealership_name: z.string(),
  budget: z.number().nullable(),
  demand_local_net: z.number().nullable(),
  booked_impressions: z.number().nullable(),
  show_roas: z.boolean(),
  show_site_list: z.boolean(),
  show_ad_previews: z.boolean(),
  enable_facebook_campaign_conversions: z.boolean(),
});
export type ReportCampaign = z.infer<typeof reportCampaignSchema>;

export const reportTotalsSchema = z.object({
  impressions: z.number(),
  clicks: z.number(),
  views: z.number(),
  /** Sum of the daily reach figures (people reached per day); null when no day has reach. */
  reach: z.number().nullable(),
  spend: z.number(),
  conversions: z.number(),
  sales: z.number(),
  calls: z.number(),
  leads: z.number(),
  video_25: z.number(),
  video_50: z.number(),
  video_75: z.number(),
  video_100: z.number(),
  ctr: percentSchema,
  vtr: percentSchema,
  frequency: z.number().nullable(),
  delivery: percentSchema,
  /** Completion rates: video_N ÷ impressions as percents to two decimals. */
  completion_25: percentSchema,
  completion_50: percentSchema,
  completion_75: percentSchema,
  completion_100: percentSchema,
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

export const reportDaySchema = z.object({
  date: isoDateSchema,
  impressions: z.number(),
  clicks: z.number(),
  views: z.number(),
  reach: z.number().nullable(),
  spend: z.number(),
  conversions: z.number(),
  sales: z.number(),
  calls: z.number(),
  leads: z.number(),
  video_100: z.number(),
  ctr: percentSchema,
});
export type ReportDay = z.infer<typeof reportDaySchema>;

export const reportSectionNames = [
  'placements',
  'demographics',
  'dmas',
  'sites',
  'creatives',
  'vehicles',
  'keywords',
  'conversions',
  'utms',
  'calls',
  'audience_sizes',
  'leads',
  'locations',
  'events',
] as const;
export type ReportSectionName = (typeof reportSectionNames)[number];

export const campaignReportSchema = z.object({
  campaign: reportCampaignSchema,
  range: z.object({ start_date: isoDateSchema, end_date: isoDateSchema }),
  totals: reportTotalsSchema,
  daily: z.array(reportDaySchema),
  sections: z.record(z.enum(reportSectionNames), z.number().int().min(0)),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;
