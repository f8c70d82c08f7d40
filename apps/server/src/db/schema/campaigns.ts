import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { dealerships } from './tenancy';

const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Managed campaigns (spec 000 §3); `id` is the upstream client_campaign_id. Money in dollars. */
export const managedCampaigns = pgTable(
  'managed_campaigns',
  {
    id: integer('id').primaryKey(),
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id),
    displayName: text('client_campaign_display_name').notNull(),
    vendorCampaignName: text('vendor_campaign_name'),
    campaignStatus: text('campaign_status').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    campaignType: text('campaign_type').notNull(),
    vendor: text('vendor'),
    budget: numeric('budget', { precision: 14, scale: 2, mode: 'number' }),
    demandLocalNet: numeric('demand_local_net', { precision: 14, scale: 2, mode: 'number' }),
    bookedImpressions: bigint('booked_impressions', { mode: 'number' }),
    showRoas: boolean('show_roas').notNull().default(false),
    showSiteList: boolean('show_site_list').notNull().default(false),
    showAdPreviews: boolean('show_ad_previews').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('managed_campaigns_dealership_idx').on(t.dealershipId, t.startDate)],
);

/**
 * Daily delivery per campaign (dealership-local days). The primary key (campaign_id, date) serves
 * range scans of one campaign; `dealership_id` is denormalised so a dealership's list sums one
 * index range (dealership_id, date) without touching the campaigns table.
 */
export const campaignDailyMetrics = pgTable(
  'campaign_daily_metrics',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => managedCampaigns.id, { onDelete: 'cascade' }),
    dealershipId: integer('dealership_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    impressions: count('impressions'),
    clicks: count('clicks'),
    views: count('views'),
    reach: bigint('reach', { mode: 'number' }),
    spend: numeric('spend', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    conversions: count('conversions'),
    sales: count('sales'),
    calls: count('calls'),
    leads: count('leads'),
    /** Video completions at 25/50/75/100 % of the ad's length (counts of impressions). */
    video25: count('video_25'),
    video50: count('video_50'),
    video75: count('video_75'),
    video100: count('video_100'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.date] }),
    index('campaign_daily_metrics_dealership_date_idx').on(t.dealershipId, t.date, t.campaignId),
  ],
);
