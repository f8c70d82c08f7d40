import {
  bigint,
  index,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dealerships, organizations, users } from './tenancy';

const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * An agency's link to an ad platform (docs/self-service.md): one per organization and vendor.
 * Tokens are AES-256-GCM ciphertexts (`lib/token-cipher.ts`), never plain text. `accounts` caches
 * the platform's account list (refreshed on `force_refresh` or the refresh call).
 */
export const platformConnections = pgTable(
  'platform_connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    vendorId: integer('vendor_id').notNull(),
    /** True when made through the portal's sandbox (no platform credentials configured). */
    sandbox: integer('sandbox').notNull().default(0),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    accounts: jsonb('accounts').$type<Array<{ value: string; label: string; login_customer_id: string | null }>>(),
    accountsRefreshedAt: timestamp('accounts_refreshed_at', { withTimezone: true }),
    connectedBy: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('platform_connections_org_vendor_idx').on(t.organizationId, t.vendorId)],
);

/**
 * Which dealerships of the organization may use a platform account of its connection to a vendor
 * (issue 18 item 3, docs/self-service.md "Scope"): one row per (organization, vendor, platform
 * account id, dealership), set by an agency administrator on the Linked Platforms page. A
 * dealership user lists, reads and imports only accounts assigned to one of their dealerships.
 * Keyed by vendor rather than connection row, so a reconnect keeps the assignments.
 */
export const platformAccountAssignments = pgTable(
  'platform_account_assignments',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    vendorId: integer('vendor_id').notNull(),
    accountId: text('account_id').notNull(),
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id, { onDelete: 'cascade' }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.vendorId, t.accountId, t.dealershipId] }),
    index('platform_account_assignments_dealership_idx').on(t.organizationId, t.dealershipId, t.vendorId),
  ],
);

/**
 * A campaign imported from an ad platform into a dealership (spec 001 §3). Ids start high so they
 * never look like a managed campaign id. A platform campaign belongs to one dealership of the
 * organization at a time (unique organization, vendor, platform campaign): importing again does
 * not duplicate it, and only an agency administrator moves it to another dealership.
 */
export const selfServiceCampaigns = pgTable(
  'self_service_campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 5_000_001 }),
    organizationId: integer('organization_id').notNull(),
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id),
    vendorId: integer('vendor_id').notNull(),
    vendorCampaignId: text('vendor_campaign_id').notNull(),
    name: text('name').notNull(),
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull(),
    loginCustomerId: text('login_customer_id'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    statusName: text('status_name').notNull().default('active'),
    /** Import status: pending → initial_load → available, or failed (spec 001 §4). */
    status: text('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('self_service_campaigns_org_vendor_campaign_idx').on(t.organizationId, t.vendorId, t.vendorCampaignId),
    index('self_service_campaigns_dealership_idx').on(t.dealershipId, t.createdAt),
  ],
);

/** Daily results of a self-service campaign (spec 001 §3 metrics row). */
export const selfServiceDailyMetrics = pgTable(
  'self_service_daily_metrics',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => selfServiceCampaigns.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    impressions: count('impressions'),
    clicks: count('clicks'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.date] })],
);

/** Daily product-level results (spec 001 §3 product row; Google Shopping / Meta catalog items). */
export const selfServiceProductDaily = pgTable(
  'self_service_product_daily',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => selfServiceCampaigns.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    productItemId: text('product_item_id').notNull(),
    productTitle: text('product_title').notNull(),
    impressions: count('impressions'),
    clicks: count('clicks'),
    conversions: count('conversions'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.date, t.productItemId] })],
);
