import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { reportPaperSizes } from '@portal/contracts';

/**
 * Agencies. `show_budget_type`: 1 shows demand_local_net, another value shows budget, null hides Budget.
 * `report_paper_size`: the paper of the agency's report PDFs, 'letter' (default) or 'a4' (issue 20 §1).
 * `brand_*` and `email_*`: the agency's white-label (issue 20 §4, docs/users.md "Branding"); null
 * falls back to the agency's name, the product's colour, the portal's sender. The logo lives in
 * storage at `brand_logo_key` (PNG or JPEG, checked by its bytes), `brand_logo_version` its SHA-256
 * prefix (the public URL's `v`, so a new logo is a new URL).
 */
export const organizations = pgTable(
  'organizations',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    showBudgetType: integer('show_budget_type'),
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    reportPaperSize: text('report_paper_size', { enum: reportPaperSizes }).notNull().default('letter'),
    brandDisplayName: text('brand_display_name'),
    brandPrimaryColor: text('brand_primary_color'),
    brandLogoKey: text('brand_logo_key'),
    brandLogoType: text('brand_logo_type'),
    brandLogoVersion: text('brand_logo_version'),
    emailSenderName: text('email_sender_name'),
    emailReplyTo: text('email_reply_to'),
    /**
     * Sales attribution (issue 22 §2, docs/attribution.md): a sale is attributed to a campaign that
     * served its VIN within `attribution_window_days` (1–90) days before the sale; `attribution_model`
     * 'last_touch' (default) or 'even_split'. `aged_inventory_days`: the Inventory insights page's
     * "aged" threshold in days on lot.
     */
    attributionWindowDays: integer('attribution_window_days').notNull().default(30),
    attributionModel: text('attribution_model').notNull().default('last_touch'),
    agedInventoryDays: integer('aged_inventory_days').notNull().default(60),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organizations_report_paper_size_check', sql`${t.reportPaperSize} in ('letter', 'a4')`),
    check('organizations_brand_primary_color_check', sql`${t.brandPrimaryColor} ~ '^#[0-9a-f]{6}$'`),
    check('organizations_brand_logo_type_check', sql`${t.brandLogoType} in ('image/png', 'image/jpeg')`),
    check('organizations_attribution_window_check', sql`${t.attributionWindowDays} between 1 and 90`),
    check('organizations_attribution_model_check', sql`${t.attributionModel} in ('last_touch', 'even_split')`),
    check('organizations_aged_inventory_days_check', sql`${t.agedInventoryDays} between 1 and 365`),
  ],
);

/** Dealerships (rooftops) of an agency; `dma_code` is the Nielsen market of the ZIP code. */
export const dealerships = pgTable(
  'dealerships',
  {
    id: integer('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    dmaCode: integer('dma_code'),
    enableFacebookCampaignConversions: boolean('enable_facebook_campaign_conversions').notNull().default(false),
    hasSoldReportSource: boolean('has_sold_report_source').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dealerships_organization_idx').on(t.organizationId, t.name)],
);

/** Users; role 1 platform staff, 2 agency administrator, 3 (or null) dealership user. */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  roleId: integer('role_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When an administrator deactivated the user (issue 23 §2): a deactivated user cannot sign in, and
   * the session lookup ignores their sessions (which are deleted too). Null while active.
   */
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  /**
   * The user's IANA time zone (issue 21 §3: the morning alert digest arrives at 08:00 in it); null
   * keeps the agency's `time_zone`.
   */
  timeZone: text('time_zone'),
});

/** The dealerships a role-3 user may open. */
export const userDealerships = pgTable(
  'user_dealerships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dealershipId] })],
);

/** Server-side sessions; `id` is the SHA-256 of the token in the cookie, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins (docs/security.md "Sign-in throttling"), keyed by the lower-cased email — whether
 * or not a user has it, so throttling does not tell which accounts exist — and `client`: the client
 * address (IPv6 by its /64) for the per-address row that is slowed with growing delays
 * (`locked_until`), or `*` for the account-wide row that counts failures from every address and
 * records when the owner was told (`notified_at`, once per throttling episode). Rows are forgotten
 * after a day without failures; a successful sign-in deletes its address's row.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    client: text('client').notNull().default('*'),
    failures: integer('failures').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.email, t.client] })],
);

/**
 * Email domains an agency administrator allows report emails to (issue 18, docs/reports.md): besides
 * the tenant's own users, a report may go to any address of these domains (lower-case, ASCII).
 */
export const organizationEmailDomains = pgTable(
  'organization_email_domains',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.domain] })],
);

/** Analytics events the web app records, e.g. create_campaign (spec 000 §2.1). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').notNull(),
    dealershipId: integer('dealership_id').notNull(),
    properties: text('properties').notNull().default('{}'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_idx').on(t.name, t.createdAt)],
);
