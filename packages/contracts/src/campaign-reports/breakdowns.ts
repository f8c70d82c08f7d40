import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { percentSchema, reportPageSchema, reportRangeShape } from './common';

/**
 * Breakdown calls of the report pages (spec 000 §2.5–§2.7, §3, §7). All take the report range;
 * every list is the campaign's own rows only. Percents in percent units (null = N/A).
 */

/** `GET .../campaigns/{id}/placements` → impressions and clicks per placement, impressions descending. */
export const placementRowSchema = z.object({ placement: z.string(), impressions: z.number(), clicks: z.number() });
export const placementsResponseSchema = z.object({ data: z.array(placementRowSchema) });

/** `GET .../campaigns/{id}/demographics` → per age group, female and male impressions and clicks (interactions). */
export const demographicRowSchema = z.object({
  age: z.string(),
  female: z.number(),
  male: z.number(),
  female_clicks: z.number(),
  male_clicks: z.number(),
});
export const demographicsResponseSchema = z.object({ data: z.array(demographicRowSchema) });

/** `GET .../campaigns/{id}/dmas` → every DMA with delivery, impressions descending (charts take the top 5). */
export const dmaRowSchema = z.object({
  dma_code: z.number().int(),
  dma: z.string(),
  impressions: z.number(),
  clicks: z.number(),
  ctr: percentSchema,
});
export const dmasResponseSchema = z.object({ data: z.array(dmaRowSchema) });

/** `description` of a vehicle row whose VIN the dealership's inventory does not have. */
export const VEHICLE_NOT_IN_INVENTORY = 'Not in inventory';

/** Vehicle rows (spec 000 §3): `facebook_product_vendor_id` is the stock number shown as Stock. */
export const vehicleRowSchema = z.object({
  description: z.string(),
  vin_number: z.string(),
  facebook_product_vendor_id: z.string().nullable(),
  vehicle_state: z.string().nullable(),
  impressions: z.number(),
  clicks: z.number(),
  ctr: percentSchema,
  /**
   * Days on lot (issue 22 §3): from the vehicle's first appearance in the inventory to the day it left
   * the feed, or to the range's last day while on the lot; null when unknown (not in the inventory,
   * no first-seen day, or first seen after the range).
   */
  days_on_lot: z.number().int().nullable(),
});
export type VehicleRow = z.infer<typeof vehicleRowSchema>;
/** `GET .../campaigns/{id}/vehicles`, `.../campaigns/fbd/{id}/vehicles`, `.../campaigns/dyd/{id}/vehicles`: default sort impressions descending. */
export const vehiclesPageSchema = reportPageSchema(vehicleRowSchema);
export const vehicleSortColumns = [
  'description',
  'vin_number',
  'facebook_product_vendor_id',
  'vehicle_state',
  'impressions',
  'clicks',
  'ctr',
] as const;
/** Filters of the vehicles tables: `vehicle_state` (one or more), `description` and `vin_number` (text contained). */
export const vehicleFilterColumns = ['vehicle_state', 'description', 'vin_number'] as const;
export const vehicleTableColumns = { sort: vehicleSortColumns, filter: vehicleFilterColumns };

/** A highlight vehicle of `GET .../campaigns/dyd/{id}/top-vehicles`. */
export const highlightVehicleSchema = z.object({
  description: z.string(),
  log_vin_number: z.string(),
  log_image_url: z.string().nullable(),
  image_url: z.string().nullable(),
  impressions: z.number(),
  clicks: z.number(),
  ctr: percentSchema,
});
/** Highest CTR, most clicked and most viewed vehicle, and the averages per vehicle they are compared with. */
export const topVehiclesResponseSchema = z.object({
  highestCtr: highlightVehicleSchema.nullable(),
  mostClicked: highlightVehicleSchema.nullable(),
  mostViewed: highlightVehicleSchema.nullable(),
  averages: z.object({ impressions: z.number(), clicks: z.number(), ctr: percentSchema }),
});
export type TopVehiclesResponse = z.infer<typeof topVehiclesResponseSchema>;

/** `GET .../campaigns/display/{campaign_id}/creatives` (paged): creatives with delivery, impressions descending. */
export const creativeRowSchema = z.object({
  creative_id: z.string(),
  creative_name: z.string(),
  creative_size: z.string(),
  image_url: z.string().nullable(),
  impressions: z.number(),
  clicks: z.number(),
  ctr: percentSchema,
});
export const creativesPageSchema = reportPageSchema(creativeRowSchema);
export const creativeSortColumns = ['creative_name', 'creative_size', 'impressions', 'clicks', 'ctr'] as const;
export const creativeFilterColumns = ['creative_name', 'creative_size'] as const;
export const creativeTableColumns = { sort: creativeSortColumns, filter: creativeFilterColumns };

/** `GET .../campaigns/search/{campaign_id}/calls` (paged, default datetime descending). `duration` in seconds; `recording_url` a short-lived signed URL. */
export const phoneCallRowSchema = z.object({
  phone_call_vendor_id: z.string(),
  phone_number: z.string(),
  datetime: z.string(),
  duration: z.number().int(),
  recording_url: z.string().nullable(),
});
export const phoneCallsPageSchema = reportPageSchema(phoneCallRowSchema);
export const phoneCallSortColumns = ['phone_number', 'datetime', 'duration'] as const;
export const phoneCallTableColumns = { sort: phoneCallSortColumns, filter: ['phone_number'] as const };

/** `GET .../campaigns/display/{campaign_id}/site-list` (paged, impressions descending); 404 unless show_site_list. */
export const siteRowSchema = z.object({ SITE: z.string(), AD_SIZES: z.array(z.string()), IMPRESSIONS: z.number() });
export const siteListPageSchema = reportPageSchema(siteRowSchema);
export const siteSortColumns = ['SITE', 'IMPRESSIONS'] as const;
/** Sort and filter ids of the site list; lower-case `site` / `impressions` are accepted as the spec's upper-case ids. */
export const siteTableColumns = {
  sort: ['SITE', 'IMPRESSIONS', 'site', 'impressions'],
  filter: ['SITE', 'site'],
} as const;
/** Query of `.../site-list/creative-size`: the report range and the site (as listed in `SITE`). */
export const siteSizesQuerySchema = z
  .object({ ...reportRangeShape, site: z.string().min(1).max(512) })
  .refine((q) => q.start_date <= q.end_date, {
    message: 'start_date must not be after end_date',
    path: ['end_date'],
  });
/** `GET .../site-list/creative-size?site=` → impressions per creative size of one site. */
export const siteSizeRowSchema = z.object({ SIZE: z.string(), IMPRESSIONS: z.number() });
export const siteSizesResponseSchema = z.object({ data: z.array(siteSizeRowSchema) });

/** `GET .../campaigns/search/{campaign_id}/keywords` (paged, impressions descending); shares are impression-weighted percents. */
export const keywordRowSchema = z.object({
  keyword_id: z.number().int(),
  keyword: z.string(),
  impressions: z.number(),
  clicks: z.number(),
  ctr: percentSchema,
  impression_share: percentSchema,
  click_share: percentSchema,
});
export const keywordsPageSchema = reportPageSchema(keywordRowSchema);
export const keywordSortColumns = [
  'keyword',
  'impressions',
  'clicks',
  'ctr',
  'impression_share',
  'click_share',
] as const;
export const keywordTableColumns = { sort: keywordSortColumns, filter: ['keyword'] as const };

/** `GET .../campaigns/{id}/leads` (paged, newest first). */
export const leadRowSchema = z.object({
  lead_id: z.string(),
  datetime: z.string(),
  lead_type: z.string(),
  contact_name: z.string().nullable(),
  vehicle_vin: z.string().nullable(),
  status: z.string().nullable(),
});
export const leadsPageSchema = reportPageSchema(leadRowSchema);
export const leadSortColumns = ['datetime', 'lead_type', 'contact_name', 'status'] as const;
export const leadTableColumns = { sort: leadSortColumns, filter: ['lead_type', 'status'] as const };

/** `GET .../campaigns/{id}/walk-ins` → visits per location with coordinates, visits descending. */
export const walkInRowSchema = z.object({
  location_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  visits: z.number(),
});
export const walkInsResponseSchema = z.object({ data: z.array(walkInRowSchema) });

/** `GET .../campaigns/{id}/events` → promoted events with coordinates (EVT map). */
export const eventRowSchema = z.object({
  event_id: z.string(),
  event_name: z.string(),
  event_date: isoDateSchema,
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  attendees: z.number(),
});
export const eventsResponseSchema = z.object({ data: z.array(eventRowSchema) });

/** `GET .../campaigns/{id}/budget?start_date&end_date` → the flight budget prorated to the range's days in the flight (dollars). */
export const budgetResponseSchema = z.object({
  demand_local_net: z.number().nullable(),
  gross_revenue: z.number().nullable(),
});
