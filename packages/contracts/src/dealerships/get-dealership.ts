import * as z from 'zod';

/**
 * Response of `GET /api/agencies/{organization_id}/dealership/{dealership_id}`: the dealership
 * (spec 000 §3), its settings and its organization's settings (`show_budget_type`: 1 shows
 * `demand_local_net`, any other set value shows budget, null hides the Budget column).
 */
export const dealershipDetailSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  dma_code: z.number().int().nullable(),
  dma_name: z.string().nullable(),
  enable_facebook_campaign_conversions: z.boolean(),
  has_sold_report_source: z.boolean(),
  organization: z.object({
    id: z.number().int(),
    name: z.string(),
    show_budget_type: z.number().int().nullable(),
    time_zone: z.string(),
  }),
});
export type DealershipDetail = z.infer<typeof dealershipDetailSchema>;
