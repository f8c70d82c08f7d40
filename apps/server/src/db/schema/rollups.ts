import { bigint, date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Roll-ups of `campaign_daily_metrics` (issue 23 §1, issue 24 §2; docs/performance.md "Roll-ups"),
 * kept by statement triggers on that table (migration 0023): every INSERT, UPDATE, DELETE or
 * TRUNCATE — ingestion, the demo load, the bench's COPY, a test's own insert — adds its rows'
 * difference in the same transaction, so a roll-up is never behind its table. No foreign keys: a
 * deleted campaign's rows leave a zero row behind, which sums the same.
 *
 * `dealership_daily_metrics`: one row per dealership and day, the sums of its managed campaigns
 * (spend in dollars) — what the agency overview reads instead of every campaign's day.
 */
export const dealershipDailyMetrics = pgTable(
  'dealership_daily_metrics',
  {
    dealershipId: integer('dealership_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    impressions: count('impressions'),
    clicks: count('clicks'),
    spend: numeric('spend', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    leads: count('leads'),
    calls: count('calls'),
    sales: count('sales'),
  },
  (t) => [primaryKey({ columns: [t.dealershipId, t.date] })],
);

const runningCounts = (name: string) => bigint(name, { mode: 'number' }).array().notNull();

/**
 * `dealership_monthly_metrics`: one row per dealership and calendar month, the month's running sums
 * of `dealership_daily_metrics` — element i (1-based; one per day of the month) is the sum of days
 * 1..i, days without a row adding 0 (spend in dollars). Any day range within a month is two elements
 * (`a[last] - a[first - 1]`) and a day's own value the difference of neighbours, so the agency
 * overview reads about two rows per rooftop (the range's months and the previous period's) instead
 * of every day of both periods (docs/performance.md "Roll-ups"). Kept by statement triggers on
 * `dealership_daily_metrics` (migration 0029), which add each statement's difference as arrays of
 * running differences, in the same transaction.
 */
export const dealershipMonthlyMetrics = pgTable(
  'dealership_monthly_metrics',
  {
    dealershipId: integer('dealership_id').notNull(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    impressions: runningCounts('impressions'),
    clicks: runningCounts('clicks'),
    spend: numeric('spend', { precision: 16, scale: 2, mode: 'number' }).array().notNull(),
    leads: runningCounts('leads'),
    calls: runningCounts('calls'),
    sales: runningCounts('sales'),
  },
  (t) => [primaryKey({ columns: [t.dealershipId, t.month] })],
);

/**
 * A managed campaign's delivery over every day it has rows (impressions; spend in dollars): pacing's
 * delivery to date is this total less the few rows outside the flight-to-yesterday window, two
 * index probes instead of summing the flight's days.
 */
export const campaignDeliveryTotals = pgTable(
  'campaign_delivery_totals',
  {
    campaignId: integer('campaign_id').primaryKey(),
    /**
     * A copy of the campaign's own row — rooftop, status, flight, booked impressions and budget —
     * kept by statement triggers on `managed_campaigns` (migration 0028; every campaign has a totals
     * row from its insert to its delete), so the agency overview's pacing counts read one index range
     * of this table per rooftop and join nothing (docs/users.md "Agency overview"). Read a campaign's
     * own fields from `managed_campaigns`.
     */
    dealershipId: integer('dealership_id'),
    campaignStatus: text('campaign_status'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    bookedImpressions: bigint('booked_impressions', { mode: 'number' }),
    budget: numeric('budget', { precision: 14, scale: 2, mode: 'number' }),
    impressions: count('impressions'),
    spend: numeric('spend', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    /**
     * Bounds of the days the campaign has rows: widened by every write, never narrowed (after a
     * deleted day they are loose but still true). When they lie inside the flight-to-yesterday
     * window, the total is the delivery to date without reading a row.
     */
    firstDate: date('first_date', { mode: 'string' }),
    lastDate: date('last_date', { mode: 'string' }),
    /**
     * The campaign's delivery on `last_date` exactly (0 when that day has no row left), kept by the
     * same triggers (migration 0027). Between UTC midnight and the agency's, a campaign loaded
     * through UTC yesterday has one day after the pacing day; its delivery to date is then the total
     * less this day, without reading a row (docs/performance.md "Roll-ups").
     */
    lastDayImpressions: count('last_day_impressions'),
    lastDaySpend: numeric('last_day_spend', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    /**
     * A copy of the campaign's `campaign_freshness` row (null without one), kept by statement
     * triggers on that table (migration 0025), so the agency overview's pacing and freshness counts
     * read one row per campaign instead of probing two tables (docs/performance.md). Read the
     * freshness itself from `campaign_freshness`.
     */
    dataThrough: date('data_through', { mode: 'string' }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
  },
  (t) => [index('campaign_delivery_totals_dealership_idx').on(t.dealershipId)],
);
