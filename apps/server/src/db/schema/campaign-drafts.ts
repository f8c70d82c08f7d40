import {
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  date,
  uniqueIndex,
  boolean,
  bigint,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { dealerships, organizations, users } from './tenancy';
import { managedCampaigns } from './campaigns';

/**
 * Ids of campaigns created in the portal (spec 001 §4). Upstream campaign ids are far below
 * 1,000,000,000, so portal-created campaigns never collide with ingested ones.
 */
export const portalCampaignIdSequence = pgSequence('portal_campaign_id_seq', { startWith: 1_000_000_000 });

/**
 * Wizard drafts (spec 001 §3 "Incomplete (draft) campaign"); `id` is the `link_campaign_id`.
 * `is_incomplete` is 1 while the wizard runs and 0 once the campaign is created; `filters` holds
 * the inventory filter fields of §3 by their spec names. `managed_campaign_id` is set once, when
 * the campaign is created, which makes creation idempotent (a double submit creates one campaign).
 */
export const campaignDrafts = pgTable(
  'campaign_drafts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    productCode: text('product_code').notNull(),
    pacingId: integer('pacing_id').notNull(),
    objective: text('objective'),
    isIncomplete: integer('is_incomplete').notNull().default(1),
    campaignDisplayName: text('campaign_display_name'),
    vendorCampaignName: text('vendor_campaign_name'),
    notes: text('notes'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    budget: numeric('budget', { precision: 14, scale: 2, mode: 'number' }),
    zip: text('zip'),
    creatives: text('creatives'),
    allowedVehicleStates: text('allowed_vehicle_states'),
    filters: jsonb('filters').$type<Record<string, string | number | null>>(),
    /** The chosen saved audiences `[{ id, name, size }]`; null: no custom audience (issue 25 item 2). */
    audiences: jsonb('audiences').$type<Array<{ id: number; name: string; size: number }>>(),
    /**
     * The wizard's whole form as the user left it (contracts' `wizardFormStateSchema`, checked on
     * write; issue 25 items 1, 2): a resume on another device fills every field from it. Null when
     * a save without it came after (the columns then describe the draft).
     */
    wizardState: jsonb('wizard_state').$type<Record<string, unknown>>(),
    /** The body the campaign was created with (spec 001 §7), kept for the ad operations team. */
    creationRequest: jsonb('creation_request').$type<Record<string, unknown>>(),
    managedCampaignId: integer('managed_campaign_id').references(() => managedCampaigns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_drafts_dealership_idx').on(t.dealershipId, t.isIncomplete, t.updatedAt),
    uniqueIndex('campaign_drafts_managed_campaign_idx').on(t.managedCampaignId),
    // Target of the creatives' (draft, dealership) foreign key: a creative row names its draft's dealership.
    uniqueIndex('campaign_drafts_id_dealership_idx').on(t.id, t.dealershipId),
  ],
);

/**
 * The uploads ledger (issue 18 item 2): one row per signed creative upload, written when the URL is
 * signed. `storage_key` is random (`creatives/{organization_id}/{dealership_id}/{uuid}/{file name}`),
 * so it cannot be computed; a key is accepted on a draft only when this ledger holds it for the
 * draft's dealership (enforced by the foreign key of `campaign_draft_creatives`). `draft_id` is the
 * owning draft (the first it was recorded on; passed on to another referring draft when that one is
 * discarded). `size_bytes` and `sha256` are set when the local driver stores the file (`stored_at`);
 * `deleted_at` when the file was deleted because its last referring draft was discarded.
 */
export const creativeUploads = pgTable(
  'creative_uploads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    storageKey: text('storage_key').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    draftId: integer('draft_id').references(() => campaignDrafts.id, { onDelete: 'set null' }),
    productCode: text('product_code').notNull(),
    declaredType: text('declared_type').notNull(),
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    sha256: text('sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    storedAt: timestamp('stored_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('creative_uploads_storage_key_idx').on(t.storageKey),
    uniqueIndex('creative_uploads_key_dealership_idx').on(t.storageKey, t.dealershipId),
    index('creative_uploads_dealership_idx').on(t.dealershipId, t.createdAt),
  ],
);

/**
 * Creatives recorded on a draft (spec 001 §7 `POST .../campaigns/creative`). Two composite foreign
 * keys make a cross-tenant record impossible whatever code writes it: (`draft_id`, `dealership_id`)
 * is the draft's own dealership, and (`storage_key`, `dealership_id`) must be in the uploads ledger for
 * that same dealership.
 */
export const draftCreatives = pgTable(
  'campaign_draft_creatives',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    draftId: integer('draft_id')
      .notNull()
      .references(() => campaignDrafts.id, { onDelete: 'cascade' }),
    dealershipId: integer('dealership_id').notNull(),
    storageKey: text('storage_key').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_draft_creatives_draft_idx').on(t.draftId),
    index('campaign_draft_creatives_key_idx').on(t.storageKey),
    foreignKey({
      name: 'campaign_draft_creatives_draft_dealership_fk',
      columns: [t.draftId, t.dealershipId],
      foreignColumns: [campaignDrafts.id, campaignDrafts.dealershipId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'campaign_draft_creatives_upload_fk',
      columns: [t.storageKey, t.dealershipId],
      foreignColumns: [creativeUploads.storageKey, creativeUploads.dealershipId],
    }),
  ],
);

/**
 * Saved marketing audiences of a dealership (spec 001 §3 "Audience"); `mapped_audiences` holds the
 * destination flags (facebook, google, mailchimp, tradedesk, basis, amazon).
 */
export const audiences = pgTable(
  'audiences',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id),
    name: text('audience_name').notNull(),
    size: integer('audience_size').notNull(),
    description: text('description'),
    mappedAudiences: jsonb('mapped_audiences').$type<Record<string, boolean>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastRun: timestamp('last_run', { withTimezone: true }),
  },
  (t) => [index('audiences_dealership_idx').on(t.dealershipId, t.createdAt)],
);
