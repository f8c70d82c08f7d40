import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { tenantParamsSchema } from '../common/ids';
import { percentSchema } from './common';

/** Path parameters of the vehicle page: the tenant and a 17-character VIN (upper-cased). */
export const vehicleParamsSchema = tenantParamsSchema.extend({
  vin: z
    .string()
    .regex(/^[A-HJ-NPR-Z0-9]{17}$/i, 'Expected a 17-character VIN')
    .transform((vin) => vin.toUpperCase()),
});
export type VehicleParams = z.infer<typeof vehicleParamsSchema>;

/**
 * `GET .../inventory/vehicles/{vin}?start_date&end_date` — the vehicle page that vehicle links open
 * (`../../inventory/vehicles/{vin}`): the dealership's vehicle facts and its ad results per
 * campaign over the range. 404 when the dealership has no such vehicle and no campaign results.
 */
export const vehicleDetailSchema = z.object({
  vin: z.string(),
  vehicle: z
    .object({
      stock_number: z.string().nullable(),
      year: z.number().int(),
      make: z.string(),
      model: z.string(),
      trim: z.string().nullable(),
      body_style: z.string().nullable(),
      vehicle_state: z.string(),
      price: z.number().nullable(),
      mileage: z.number().nullable(),
      exterior_color: z.string().nullable(),
      image_url: z.string().nullable(),
      first_seen_date: isoDateSchema.nullable(),
    })
    .nullable(),
  totals: z.object({ impressions: z.number(), clicks: z.number(), ctr: percentSchema }),
  campaigns: z.array(
    z.object({
      client_campaign_id: z.number().int(),
      client_campaign_display_name: z.string(),
      product_code: z.string(),
      impressions: z.number(),
      clicks: z.number(),
      ctr: percentSchema,
    }),
  ),
});
export type VehicleDetail = z.infer<typeof vehicleDetailSchema>;
