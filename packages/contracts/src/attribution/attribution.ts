import * as z from 'zod';
import { dateRangeQuerySchema, isoDateSchema } from '../common/dates';
import { idParamSchema, tenantParamsSchema } from '../common/ids';
import { attributionModelLabels, attributionModels, attributionRuleLabel } from './rule-label';

export { attributionModelLabels, attributionModels, attributionRuleLabel };

/**
 * Sales attribution (issue 22 §2, docs/attribution.md). A sale (dealership, VIN, sold date) is
 * attributed to a campaign of the same dealership that served the VIN on a dealership-local day
 * `d` with `sold_date − window_days ≤ d ≤ sold_date` (30-day window: day 30 before the sale is in,
 * day 31 out). Clicks before views: when any campaign has a click on the VIN in the window, only
 * campaigns with clicks compete. `last_touch`: the competing campaign with the latest click (the
 * latest impression when nobody clicked) takes the sale, ties broken by more clicks, then more
 * impressions, then the lower campaign id. `even_split`: each competing campaign takes 1/n.
 */
export const attributionModelSchema = z.enum(attributionModels);
export type AttributionModel = z.infer<typeof attributionModelSchema>;

/** Bounds of the agency's attribution window, in days (issue 22 §2). */
export const ATTRIBUTION_WINDOW_MIN = 1;
export const ATTRIBUTION_WINDOW_MAX = 90;
/** Bounds of the aged-inventory threshold, in days on lot (issue 22 §3). */
export const AGED_INVENTORY_MIN = 1;
export const AGED_INVENTORY_MAX = 365;
/** Days without exposure after which a vehicle on the lot is "not shown" (issue 22 §3). */
export const UNSHOWN_DAYS = 7;

/** The rule an answer was computed with: model and window in days. Returned with every attributed figure. */
export const attributionRuleSchema = z.object({
  model: attributionModelSchema,
  window_days: z.number().int(),
});
export type AttributionRule = z.infer<typeof attributionRuleSchema>;

/** Path of an agency's attribution settings: `/api/agencies/{organization_id}/attribution-settings`. */
export const attributionSettingsParamsSchema = z.object({ organization_id: idParamSchema });

/** The agency's attribution settings: window (1–90 days), model, aged-inventory threshold (1–365 days on lot). */
export const attributionSettingsSchema = z.object({
  window_days: z.number().int(),
  model: attributionModelSchema,
  aged_inventory_days: z.number().int(),
});
export type AttributionSettings = z.infer<typeof attributionSettingsSchema>;

/** A change to the settings: any of the three fields (at least one). */
export const updateAttributionSettingsBodySchema = z
  .strictObject({
    window_days: z.number().int().min(ATTRIBUTION_WINDOW_MIN).max(ATTRIBUTION_WINDOW_MAX).optional(),
    model: attributionModelSchema.optional(),
    aged_inventory_days: z.number().int().min(AGED_INVENTORY_MIN).max(AGED_INVENTORY_MAX).optional(),
  })
  .refine((b) => b.window_days !== undefined || b.model !== undefined || b.aged_inventory_days !== undefined, {
    message: 'Change the window, the model or the aged threshold',
  });
export type UpdateAttributionSettingsBody = z.input<typeof updateAttributionSettingsBodySchema>;

/** Path of a dealership's attribution answers. */
export const attributionParamsSchema = tenantParamsSchema;

/** Sales sold in `startDate`..`endDate` (dealership-local days, inclusive), optionally one campaign's. */
export const attributionSummaryQuerySchema = dateRangeQuerySchema;
export type AttributionSummaryQuery = z.infer<typeof attributionSummaryQuerySchema>;

/**
 * Attributed figures of a campaign or a product code over the range. `spend` dollars over the range
 * (the campaign's daily spend); `attributed_sales` the sum of the campaign's shares (1 per sale
 * under last touch, 1/n under even split); `attributed_gross` front + back gross of those sales
 * times the shares, dollars; `attributed_revenue` sale price times the shares, dollars;
 * `cost_per_sale` spend ÷ attributed sales (null without sales); `roas` return on ad spend,
 * attributed gross ÷ spend (a ratio, null without spend).
 */
export const attributedFiguresSchema = z.object({
  spend: z.number(),
  attributed_sales: z.number(),
  attributed_gross: z.number(),
  attributed_revenue: z.number(),
  cost_per_sale: z.number().nullable(),
  roas: z.number().nullable(),
});
export type AttributedFigures = z.infer<typeof attributedFiguresSchema>;

export const campaignAttributionSchema = attributedFiguresSchema.extend({
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  product_code: z.string(),
  product_name: z.string(),
});
export type CampaignAttribution = z.infer<typeof campaignAttributionSchema>;

export const productAttributionSchema = attributedFiguresSchema.extend({
  product_code: z.string(),
  product_name: z.string(),
});
export type ProductAttribution = z.infer<typeof productAttributionSchema>;

/**
 * `GET .../attribution?startDate&endDate`: the rule, whether the dealership has any sales data
 * (`has_sales`), the sales sold in the range (`sales`), how many of them were attributed
 * (`attributed_sales`, whole sales), and per campaign (every campaign with spend or an attributed
 * sale in the range) and per product code the attributed figures. Sorted by attributed sales, then name.
 */
export const attributionSummarySchema = z.object({
  rule: attributionRuleSchema,
  has_sales: z.boolean(),
  sales: z.number().int(),
  attributed_sales: z.number().int(),
  campaigns: z.array(campaignAttributionSchema),
  products: z.array(productAttributionSchema),
});
export type AttributionSummary = z.infer<typeof attributionSummarySchema>;

/** The matched sales of the range, optionally of one campaign; pages of 50 by default (≤ 200). */
export const attributedSalesQuerySchema = z
  .object({
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    campaign_id: idParamSchema.optional(),
    pageIndex: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => q.startDate <= q.endDate, { message: 'startDate must not be after endDate', path: ['endDate'] });
export type AttributedSalesQuery = z.input<typeof attributedSalesQuerySchema>;

/**
 * One attributed (sale, campaign) pair with its evidence: the VIN, the sale's day, deal type, price
 * and gross (front + back, dollars; `gross_derived` when derived rather than reported), the
 * campaign, its `share` of the sale (1, or 1/n under even split), the campaign's last exposure day
 * of the VIN in the window and the impressions and clicks it served the VIN in the window.
 * `description` the vehicle's year make model trim from the inventory (null when unknown).
 */
export const attributedSaleSchema = z.object({
  vin: z.string(),
  sold_date: isoDateSchema,
  deal_type: z.string(),
  sale_price: z.number().nullable(),
  gross: z.number().nullable(),
  gross_derived: z.boolean(),
  description: z.string().nullable(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  product_code: z.string(),
  share: z.number(),
  last_exposure_date: isoDateSchema,
  impressions: z.number().int(),
  clicks: z.number().int(),
});
export type AttributedSale = z.infer<typeof attributedSaleSchema>;

/** A page of matched sales, newest sale first (then VIN, then campaign id); `total` rows of every page. */
export const attributedSalesResponseSchema = z.object({
  rule: attributionRuleSchema,
  data: z.array(attributedSaleSchema),
  total: z.number().int(),
});
export type AttributedSalesResponse = z.infer<typeof attributedSalesResponseSchema>;

/** Inventory insights on a day (`as_of`, the dealership's today by default). */
export const inventoryInsightsQuerySchema = z.object({ as_of: isoDateSchema.optional() });
export type InventoryInsightsQuery = z.infer<typeof inventoryInsightsQuerySchema>;

const vehicleFields = {
  vin: z.string(),
  description: z.string().nullable(),
  vehicle_state: z.string().nullable(),
  price: z.number().nullable(),
};

/** A vehicle on the lot longer than the threshold: `days_on_lot` = as_of − first seen. */
export const agedVehicleSchema = z.object({
  ...vehicleFields,
  first_seen_date: isoDateSchema,
  days_on_lot: z.number().int(),
});
/**
 * A vehicle that left the feed (`gone_date`) but was still served since: impressions and clicks on
 * days ≥ gone_date up to as_of, the last such day, and `estimated_spend` (dollars): for each
 * campaign, its impressions of the VIN since gone × the campaign's cost per impression over the
 * same days (its spend ÷ its impressions), summed.
 */
export const goneAdvertisedVehicleSchema = z.object({
  ...vehicleFields,
  gone_date: isoDateSchema,
  impressions: z.number().int(),
  clicks: z.number().int(),
  last_exposure_date: isoDateSchema,
  estimated_spend: z.number(),
  campaign_names: z.array(z.string()),
});
/** A vehicle on the lot no campaign served in the last 7 days (as_of − 6 .. as_of); last exposure ever, or null. */
export const unshownVehicleSchema = z.object({
  ...vehicleFields,
  days_on_lot: z.number().int().nullable(),
  last_exposure_date: isoDateSchema.nullable(),
});
/** A sold vehicle (sold in the 90 days to as_of) with its attributed campaigns (empty when none). */
export const soldVehicleSchema = z.object({
  vin: z.string(),
  description: z.string().nullable(),
  sold_date: isoDateSchema,
  deal_type: z.string(),
  sale_price: z.number().nullable(),
  gross: z.number().nullable(),
  campaigns: z.array(z.object({ campaign_id: z.number().int(), campaign_name: z.string(), share: z.number() })),
});

/** At most this many rows per insights section (the largest first); `*_total` counts every row. */
export const INSIGHTS_SECTION_LIMIT = 200;

/**
 * `GET .../inventory-insights[?as_of]` (issue 22 §3, docs/attribution.md "Inventory insights"): the
 * day, the aged threshold, the attribution rule (for the sold section), and four sections.
 */
export const inventoryInsightsSchema = z.object({
  as_of: isoDateSchema,
  aged_threshold_days: z.number().int(),
  unshown_days: z.number().int(),
  rule: attributionRuleSchema,
  aged: z.array(agedVehicleSchema),
  aged_total: z.number().int(),
  advertised_after_gone: z.array(goneAdvertisedVehicleSchema),
  advertised_after_gone_total: z.number().int(),
  unshown: z.array(unshownVehicleSchema),
  unshown_total: z.number().int(),
  sold: z.array(soldVehicleSchema),
  sold_total: z.number().int(),
});
export type InventoryInsights = z.infer<typeof inventoryInsightsSchema>;
export type AgedVehicle = z.infer<typeof agedVehicleSchema>;
export type GoneAdvertisedVehicle = z.infer<typeof goneAdvertisedVehicleSchema>;
export type UnshownVehicle = z.infer<typeof unshownVehicleSchema>;
export type SoldVehicle = z.infer<typeof soldVehicleSchema>;
