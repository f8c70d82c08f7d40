import * as z from 'zod';
import { campaignStatusSchema, campaignTypeSchema, productCodeSchema } from '../campaigns/products';
import {
  countDefaultZero,
  date,
  flag,
  int,
  moneyDefaultZero,
  nonNegativeInt,
  optionalInt,
  optionalMoney,
  optionalSignedMoney,
  optionalNonNegativeInt,
  optionalText,
  optionalZip,
  optionalFraction,
  latitude,
  longitude,
  text,
  zipCode,
} from './fields';

/**
 * The ingestion format (docs/ingestion.md): one file per entity, named `{entity}.csv` or
 * `{entity}.json`, each row validated by the schema below. Dates are `YYYY-MM-DD` calendar days
 * in the dealership's time zone; money is in dollars; durations in seconds; counts are whole numbers.
 * Rows are upserted on their natural key (`key`), so loading the same file twice changes nothing.
 */

/** A vehicle identification number: 17 characters, no I, O or Q (stored upper-case). */
const vin = () => z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/i, 'Expected a 17-character VIN');

/** A sale's deal type (issue 22 §1): new, used or certified pre-owned. */
export const dealTypes = ['new', 'used', 'certified'] as const;
export type DealType = (typeof dealTypes)[number];

const campaignRef = { client_campaign_id: nonNegativeInt() };
const campaignDay = { ...campaignRef, date: date() };
const delivery = { impressions: countDefaultZero(), clicks: countDefaultZero() };

export const ingestionEntities = {
  dmas: {
    key: ['dma_code'],
    row: z.object({
      dma_code: nonNegativeInt(),
      rank: nonNegativeInt(),
      name: text(),
      tv_homes: nonNegativeInt(),
      pct_of_us: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().min(0).max(100)),
    }),
  },
  zip_dmas: {
    key: ['zip_code'],
    row: z.object({ zip_code: zipCode(), dma_code: nonNegativeInt(), dma_description: text() }),
  },
  organizations: {
    key: ['id'],
    row: z.object({
      id: nonNegativeInt(),
      name: text(),
      show_budget_type: optionalInt(),
      time_zone: z.preprocess((v) => (v === '' || v == null ? 'America/Chicago' : v), z.string().min(1).max(64)),
    }),
  },
  dealerships: {
    key: ['id'],
    row: z.object({
      id: nonNegativeInt(),
      organization_id: nonNegativeInt(),
      name: text(),
      street: optionalText(),
      city: optionalText(),
      state: optionalText(2),
      zip: optionalZip(),
      dma_code: optionalNonNegativeInt(),
      enable_facebook_campaign_conversions: flag(),
      has_sold_report_source: flag(),
    }),
  },
  campaigns: {
    key: ['client_campaign_id'],
    row: z
      .object({
        client_campaign_id: nonNegativeInt(),
        dealership_id: nonNegativeInt(),
        client_campaign_display_name: text(),
        vendor_campaign_name: optionalText(),
        campaign_status: campaignStatusSchema,
        start_date: date(),
        end_date: date(),
        product_code: productCodeSchema,
        product_name: text(),
        campaign_type: campaignTypeSchema,
        vendor: optionalText(),
        budget: optionalMoney(),
        demand_local_net: optionalMoney(),
        booked_impressions: optionalNonNegativeInt(),
        show_roas: flag(),
        show_site_list: flag(),
        show_ad_previews: flag(),
      })
      .refine((row) => row.start_date <= row.end_date, {
        message: 'start_date must not be after end_date',
        path: ['end_date'],
      }),
  },
  campaign_daily_metrics: {
    key: ['client_campaign_id', 'date'],
    row: z.object({
      ...campaignDay,
      ...delivery,
      views: countDefaultZero(),
      reach: optionalNonNegativeInt(),
      spend: moneyDefaultZero(),
      conversions: countDefaultZero(),
      sales: countDefaultZero(),
      calls: countDefaultZero(),
      leads: countDefaultZero(),
      video_25: countDefaultZero(),
      video_50: countDefaultZero(),
      video_75: countDefaultZero(),
      video_100: countDefaultZero(),
    }),
  },
  campaign_placements: {
    key: ['client_campaign_id', 'date', 'placement'],
    row: z.object({ ...campaignDay, placement: text(), ...delivery }),
  },
  campaign_demographics: {
    key: ['client_campaign_id', 'date', 'age_group', 'gender'],
    row: z.object({
      ...campaignDay,
      age_group: text(16),
      gender: z.enum(['female', 'male', 'unknown']),
      ...delivery,
    }),
  },
  campaign_dmas: {
    key: ['client_campaign_id', 'date', 'dma_code'],
    row: z.object({ ...campaignDay, dma_code: nonNegativeInt(), ...delivery }),
  },
  campaign_sites: {
    key: ['client_campaign_id', 'date', 'site', 'creative_size'],
    row: z.object({
      ...campaignDay,
      site: text(),
      creative_size: z.string().regex(/^\d+x\d+$/, 'Expected a size as WxH'),
      ...delivery,
    }),
  },
  campaign_creatives: {
    key: ['client_campaign_id', 'creative_id'],
    row: z.object({
      ...campaignRef,
      creative_id: text(64),
      creative_name: text(),
      creative_size: z.string().regex(/^\d+x\d+$/, 'Expected a size as WxH'),
      image_url: optionalText(2048),
    }),
  },
  campaign_creative_metrics: {
    key: ['client_campaign_id', 'date', 'creative_id'],
    row: z.object({ ...campaignDay, creative_id: text(64), ...delivery }),
  },
  campaign_vehicles: {
    key: ['client_campaign_id', 'date', 'vin'],
    row: z.object({
      ...campaignDay,
      vin: z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/i, 'Expected a 17-character VIN'),
      ...delivery,
    }),
  },
  campaign_keywords: {
    key: ['client_campaign_id', 'date', 'keyword_id'],
    row: z.object({
      ...campaignDay,
      keyword_id: nonNegativeInt(),
      keyword: optionalText(),
      ...delivery,
      impression_share: optionalFraction(),
      click_share: optionalFraction(),
    }),
  },
  campaign_conversions: {
    key: ['client_campaign_id', 'date', 'tag_id'],
    row: z.object({
      ...campaignDay,
      tag_id: nonNegativeInt(),
      tag_name: text(),
      type: text(64),
      count: countDefaultZero(),
      time_to_convert_days: z
        .preprocess((v) => (v === '' || v == null ? undefined : Number(v)), z.number().min(0).optional())
        .transform((v) => v ?? null),
      unique_site_visitors: optionalNonNegativeInt(),
      monetary_value: optionalMoney(),
    }),
  },
  campaign_utms: {
    key: ['client_campaign_id', 'date', 'utm_source', 'utm_campaign'],
    row: z.object({ ...campaignDay, utm_source: text(), utm_campaign: text(), count: countDefaultZero() }),
  },
  phone_calls: {
    key: ['phone_call_vendor_id'],
    row: z.object({
      phone_call_vendor_id: text(64),
      ...campaignRef,
      phone_number: text(32),
      datetime: z.iso.datetime({ offset: true, error: 'Expected an ISO 8601 date-time' }),
      duration: nonNegativeInt(),
      recording_file: optionalText(1024),
    }),
  },
  campaign_audience_sizes: {
    key: ['client_campaign_id', 'date'],
    row: z.object({ ...campaignDay, audience_size: nonNegativeInt() }),
  },
  campaign_leads: {
    key: ['lead_id'],
    row: z.object({
      lead_id: text(64),
      ...campaignRef,
      datetime: z.iso.datetime({ offset: true, error: 'Expected an ISO 8601 date-time' }),
      lead_type: text(32),
      contact_name: optionalText(),
      vehicle_vin: z
        .preprocess(
          (v) => (v === '' || v == null ? undefined : v),
          z
            .string()
            .regex(/^[A-HJ-NPR-Z0-9]{17}$/i, 'Expected a 17-character VIN')
            .optional(),
        )
        .transform((v) => v ?? null),
      status: optionalText(32),
    }),
  },
  campaign_locations: {
    key: ['client_campaign_id', 'date', 'location_name'],
    row: z.object({
      ...campaignDay,
      location_name: text(),
      latitude: latitude(),
      longitude: longitude(),
      visits: countDefaultZero(),
    }),
  },
  campaign_events: {
    key: ['client_campaign_id', 'event_id'],
    row: z.object({
      ...campaignRef,
      event_id: text(64),
      event_name: text(),
      event_date: date(),
      address: optionalText(),
      latitude: latitude(),
      longitude: longitude(),
      ...delivery,
      attendees: countDefaultZero(),
    }),
  },
  inventory_vehicles: {
    key: ['dealership_id', 'vin'],
    row: z.object({
      dealership_id: nonNegativeInt(),
      vin: z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/i, 'Expected a 17-character VIN'),
      stock_number: optionalText(64),
      year: int().pipe(z.number().min(1900).max(2100)),
      make: text(64),
      model: text(128),
      trim: optionalText(128),
      body_style: optionalText(64),
      vehicle_state: z.enum(['New', 'Used', 'Certified used']),
      price: optionalMoney(),
      mileage: optionalNonNegativeInt(),
      exterior_color: optionalText(64),
      image_url: optionalText(4096),
      first_seen_date: z.preprocess((v) => (v === '' ? undefined : v), date().optional()).transform((v) => v ?? null),
    }),
  },
  inventory_snapshots: {
    key: ['dealership_id', 'vin', 'snapshot_date'],
    row: z.object({
      dealership_id: nonNegativeInt(),
      vin: vin(),
      snapshot_date: date(),
      price: optionalMoney(),
    }),
  },
  vehicle_sales: {
    key: ['dealership_id', 'vin', 'sold_date'],
    row: z.object({
      dealership_id: nonNegativeInt(),
      vin: vin(),
      sold_date: date(),
      deal_type: z.enum(dealTypes, { error: 'Expected new, used or certified' }),
      sale_price: optionalMoney(),
      front_gross: optionalSignedMoney(),
      back_gross: optionalSignedMoney(),
      customer_zip: optionalZip(),
      /** 1 when front and back gross were estimated rather than reported (the demo's derived sales). */
      gross_derived: flag(),
    }),
  },
} as const;

export type IngestionEntity = keyof typeof ingestionEntities;

/** Entities in load order: an entity comes after the ones it refers to. */
export const ingestionOrder: IngestionEntity[] = [
  'dmas',
  'zip_dmas',
  'organizations',
  'dealerships',
  'inventory_vehicles',
  'inventory_snapshots',
  'vehicle_sales',
  'campaigns',
  'campaign_daily_metrics',
  'campaign_placements',
  'campaign_demographics',
  'campaign_dmas',
  'campaign_sites',
  'campaign_creatives',
  'campaign_creative_metrics',
  'campaign_vehicles',
  'campaign_keywords',
  'campaign_conversions',
  'campaign_utms',
  'phone_calls',
  'campaign_audience_sizes',
  'campaign_leads',
  'campaign_locations',
  'campaign_events',
];

export type IngestionRow<E extends IngestionEntity> = z.infer<(typeof ingestionEntities)[E]['row']>;

/** One problem found in an ingestion file: file name, 1-based line (CSV: header is line 1), column. */
export const ingestionErrorSchema = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type IngestionError = z.infer<typeof ingestionErrorSchema>;

/** Response of `POST /api/admin/ingest` when every file is valid: rows upserted per entity. */
export const ingestionResultSchema = z.object({
  files: z.array(z.object({ file: z.string(), entity: z.string(), rows: z.number().int() })),
});
export type IngestionResult = z.infer<typeof ingestionResultSchema>;
