import * as z from 'zod';
import { isoDateSchema } from '../common/dates';

/**
 * Response of `GET .../campaigns/summary` (spec 000 §2.3, §9): month-to-date figures of the
 * dealership's active campaigns — their count, and their impressions and clicks from the first day
 * of the current month through today (`start_date`..`end_date`, dealership-local days).
 */
export const campaignsSummarySchema = z.object({
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  active_campaigns: z.number().int(),
  impressions: z.number(),
  clicks: z.number(),
});
export type CampaignsSummary = z.infer<typeof campaignsSummarySchema>;
