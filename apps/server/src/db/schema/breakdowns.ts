import { bigint, date, index, integer, numeric, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { managedCampaigns } from './campaigns';

/**
 * Per-day breakdowns behind the report pages (spec 000 §2.5–§2.7, §3). Every table is keyed by
 * campaign and dealership-local day plus its dimension, so a re-ingested row replaces itself.
 */
const campaignRef = () =>
  integer('campaign_id')
    .notNull()
    .references(() => managedCampaigns.id, { onDelete: 'cascade' });
const day = () => date('date', { mode: 'string' }).notNull();
const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const campaignPlacements = pgTable(
  'campaign_placements',
  {
    campaignId: campaignRef(),
    date: day(),
    placement: text('placement').notNull(),
    impressions: count('impressions'),
    clicks: count('clicks'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.date, t.placement] })],
);

export const campaignDemographics = pgTable(
  'campaign_demographics',
  {
    campaignId: campaignRef(),
    date: day(),
    ageGroup: text('age_group').notNull(),
    gender: text('gender').notNull(),
    impressions: count('impressions'),
    clicks: count('clicks'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.date, t.ageGroup, t.gender] })],
);

export const campaignDmas = pgTable(
  'campaign_dmas',
  {
    campaignId: campaignRef(),
    date: day(),
    dmaCode: integer('dma_code').notNull(),
    impressions: count('impressions'),
    clicks: count('clicks'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.date, t.dmaCode] })],
);

export const campaignSites = pgTable(
  'campaign_sites',
  {
    campaignId: campaignRef(),
    date: day(),
    site: text('site').notNull(),
    creativeSize: text('creative_size').notNull(),
    impressions: count('impressions'),
    clicks: count('clicks'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.date, t.site, t.creativeSize] })],
);

export const campaignCreatives = pgTable(
  'campaign_creatives',
  {
    campaignId: campaignRef(),
    creativeId: text('creative_id').notNull(),
    creativeName: text('creative_name').notNull(),
    creativeSize: text('creative_size').notNull(),
    imageUrl: text('image_url'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.creativeId] })],
);

export const campaignCreativeMetrics = pgTable(
  'campaign_creative_metrics',
  {
    campaignId: campaignRef(),
    date: day(),
    creativeId: text('creative_id').notNull(),
    impressions: count('impressions'),
    clicks: count('clicks'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.date, t.creativeId] })],
);

export const campaignVehicles = pgTable(
  'campaign_vehicles',
  {
    campaignId: campaignRef(),
    date: day(),
    vin: text('vin').notNull(),
    impressions: count('impressions'),
    clicks: count('clicks'),
  },
  // (vin, date): a VIN's exposure in a range of days — the attribution rule's lookup per sale (issue 22
  // §2, docs/attribution.md); also serves every lookup by VIN alone, as the former (vin) index did.
  (t) => [
    primaryKey({ columns: [t.campaignId, t.date, t.vin] }),
    index('campaign_vehicles_vin_date_idx').on(t.vin, t.date),
  ],
);

export const campaignKeywords = pgTable(
  'campaign_keywords',
  {
    campaignId: campaignRef(),
    date: day(),
    keywordId: integer('keyword_id').notNull(),
    keyword: text('keyword'),
    impressions: count('impressions'),
    clicks: count('clicks'),
    /** Search impression share and click share of the day, as fractions 0–1 (null when unknown). */
    impressionShare: real('impression_share'),
    clickShare: real('click_share'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.date, t.keywordId] })],
);

/** Size of an audience campaign's matched audience on a day (spec 000 §2.5 trends). */
export const campaignAudienceSizes = pgTable(
  'campaign_audience_sizes',
  { campaignId: campaignRef(), date: day(), audienceSize: bigint('audience_size', { mode: 'number' }).notNull() },
  (t) => [primaryKey({ columns: [t.campaignId, t.date] })],
);

/** Leads delivered to the dealership by a campaign. */
export const campaignLeads = pgTable(
  'campaign_leads',
  {
    leadId: text('lead_id').primaryKey(),
    campaignId: campaignRef(),
    datetime: timestamp('datetime', { withTimezone: true, mode: 'string' }).notNull(),
    leadType: text('lead_type').notNull(),
    contactName: text('contact_name'),
    vehicleVin: text('vehicle_vin'),
    status: text('status'),
  },
  (t) => [index('campaign_leads_campaign_datetime_idx').on(t.campaignId, t.datetime)],
);

/** Walk-in (foot-traffic) visits attributed to a campaign, per location and day. */
export const campaignLocations = pgTable(
  'campaign_locations',
  {
    campaignId: campaignRef(),
    date: day(),
    locationName: text('location_name').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    visits: count('visits'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.date, t.locationName] })],
);

/** Events promoted by an event campaign (EVT), with where they take place. */
export const campaignEvents = pgTable(
  'campaign_events',
  {
    campaignId: campaignRef(),
    eventId: text('event_id').notNull(),
    eventName: text('event_name').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    address: text('address'),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    impressions: count('impressions'),
    clicks: count('clicks'),
    attendees: count('attendees'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.eventId] })],
);

export const campaignConversions = pgTable(
  'campaign_conversions',
  {
    campaignId: campaignRef(),
    date: day(),
    tagId: integer('tag_id').notNull(),
    tagName: text('tag_name').notNull(),
    type: text('type').notNull(),
    count: count('count'),
    timeToConvertDays: real('time_to_convert_days'),
    uniqueSiteVisitors: bigint('unique_site_visitors', { mode: 'number' }),
    monetaryValue: numeric('monetary_value', { precision: 14, scale: 2, mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.date, t.tagId] })],
);

export const campaignUtms = pgTable(
  'campaign_utms',
  {
    campaignId: campaignRef(),
    date: day(),
    utmSource: text('utm_source').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    count: count('count'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.date, t.utmSource, t.utmCampaign] })],
);

/** Phone calls tracked for a campaign; `recording_key` is a storage key, played through signed URLs. */
export const phoneCalls = pgTable(
  'phone_calls',
  {
    phoneCallVendorId: text('phone_call_vendor_id').primaryKey(),
    campaignId: campaignRef(),
    phoneNumber: text('phone_number').notNull(),
    datetime: timestamp('datetime', { withTimezone: true, mode: 'string' }).notNull(),
    duration: integer('duration').notNull(),
    recordingKey: text('recording_key'),
  },
  (t) => [index('phone_calls_campaign_datetime_idx').on(t.campaignId, t.datetime)],
);
