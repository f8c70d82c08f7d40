import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { idParamSchema, tenantParamsSchema } from '../common/ids';
import {
  CREATIVES_BUCKET,
  INVENTORY_PAGE_SIZE,
  nonInventoryProductCodes,
  objectives,
  wizardProductCodes,
} from './constants';
import { draftAudienceSchema, wizardFormStateSchema } from './form-state';

const nullableText = z.string().trim().max(2000).nullable();
const nullableCount = z.number().int().min(0).max(100_000_000).nullable();
const nullableMoney = z.number().min(0).max(1_000_000_000).nullable();
const flag = z.union([z.literal(0), z.literal(1)]);

/** The inventory filter fields of spec 001 §3 (lists comma-joined). */
export const inventoryFilterFieldsSchema = z.object({
  allowed_makes: nullableText,
  disallowed_makes: nullableText,
  allowed_models: nullableText,
  disallowed_models: nullableText,
  lowest_allowed_price: nullableMoney,
  highest_allowed_price: nullableMoney,
  no_price_only: flag,
  exclude_if_no_price: flag,
  lowest_allowed_mileage: nullableCount,
  highest_allowed_mileage: nullableCount,
  allowed_stock_number_prefixes: nullableText,
  disallowed_stock_number_prefixes: nullableText,
  minimum_age_days: nullableCount,
  maximum_age_days: nullableCount,
  allowed_body_substrings: nullableText,
  disallowed_body_substrings: nullableText,
  earliest_allowed_year: nullableCount,
  latest_allowed_year: nullableCount,
  allowed_locations: nullableText,
  disallowed_locations: nullableText,
});
export const inventoryFilterKeys = Object.keys(inventoryFilterFieldsSchema.shape) as Array<
  keyof typeof inventoryFilterFieldsSchema.shape
>;

const vehicleStatesText = z
  .string()
  .regex(/^(New|Used|Certified used)(,(New|Used|Certified used))*$/, 'Comma-joined New, Used or Certified used');

export const draftParamsSchema = tenantParamsSchema.extend({ link_campaign_id: idParamSchema });
export type DraftParams = z.infer<typeof draftParamsSchema>;

/** `POST .../campaigns` body (spec 001 §7): creates the draft. `product_code` upper case. */
export const createDraftBodySchema = z.object({
  pacing_id: z.number().int().positive().max(2_147_483_647),
  product_code: z.enum(wizardProductCodes),
  objective: z.enum(objectives).optional(),
  is_incomplete: z.literal(1),
  creatives: z.string().max(4000).optional(),
  /** The wizard's whole form as typed so far (steps 1–2; issue 25 items 1, 2). */
  wizard_state: wizardFormStateSchema.optional(),
});
export type CreateDraftBody = z.infer<typeof createDraftBodySchema>;
export const createDraftResponseSchema = z.object({ link_campaign_id: z.number().int() });

/** Fields a draft update may carry (spec 001 §7 "Draft update"): each step sends its slice. */
export const draftDataSchema = z
  .object({
    product_code: z.enum(wizardProductCodes),
    objective: z.enum(objectives),
    allowed_vehicle_states: vehicleStatesText,
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    zip: z.string().trim().min(1).max(4000),
    campaign_display_name: z.string().trim().min(1).max(200),
    /** Range checked by the route against `productFlightLimits` (422 at `budget`), not here. */
    budget: z.number(),
    notes: z.string().max(4000),
    creatives: z.string().max(4000),
    vendor_campaign_name: z.string().max(400),
    /** The details step's chosen audiences; null: no custom audience (issue 25 item 2: they survive resume). */
    audiences: z.array(draftAudienceSchema).max(100).nullable(),
    /**
     * The wizard's whole form as typed (issue 25 items 1, 2), kept so a resume on another device fills
     * every field. Not judged by the flight rules (the columns are). A save without it clears it: the
     * draft's columns then describe the draft (another client changed them).
     */
    wizard_state: wizardFormStateSchema.nullable(),
  })
  .extend(inventoryFilterFieldsSchema.shape)
  .partial()
  .strict();

/** `PATCH .../campaigns/{link_campaign_id}` body: `{ data, link_campaign_id }` or the fields themselves. */
export const patchDraftBodySchema = z.union([
  z.object({ link_campaign_id: z.number().int().positive(), data: draftDataSchema }).strict(),
  draftDataSchema,
]);
export type PatchDraftBody = z.infer<typeof patchDraftBodySchema>;

/** An incomplete (draft) campaign (spec 001 §3). */
export const draftSchema = z
  .object({
    link_campaign_id: z.number().int(),
    product_code: z.string(),
    pacing_id: z.number().int(),
    campaign_display_name: z.string().nullable(),
    notes: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    budget: z.number().nullable(),
    objective: z.enum(objectives).nullable(),
    zip: z.string().nullable(),
    creatives: z.string().nullable(),
    allowed_vehicle_states: z.string().nullable(),
    audiences: z.array(draftAudienceSchema).nullable().optional(),
    /** The wizard's form as last saved by the wizard (`draftDataSchema`); null when a save without it came after. */
    wizard_state: wizardFormStateSchema.nullable().optional(),
    is_incomplete: z.number().int(),
    updated_at: z.string(),
  })
  .extend(inventoryFilterFieldsSchema.partial().shape);
export type Draft = z.infer<typeof draftSchema>;

export const listIncompleteQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const listIncompleteResponseSchema = z.object({
  data: z.array(draftSchema),
  pagination: z.object({ total: z.number().int() }),
});
export type ListIncompleteResponse = z.infer<typeof listIncompleteResponseSchema>;

/* ---------- Creatives ---------- */

/** Upload-signing call body (spec 001 §7): `mimeType`, `fileName`, `bucket_name`; plus the product whose rules apply. */
export const signCreativeUploadBodySchema = z.object({
  mimeType: z.string().min(1).max(200),
  fileName: z.string().min(1).max(255),
  bucket_name: z.literal(CREATIVES_BUCKET),
  product_code: z.enum(nonInventoryProductCodes),
  /** Size in bytes, when the browser knows it: checked against the product's limit before signing. */
  fileSize: z.number().int().min(0).optional(),
});
export type SignCreativeUploadBody = z.infer<typeof signCreativeUploadBodySchema>;
export const signCreativeUploadResponseSchema = z.object({
  uploadUrl: z.string(),
  /** The link the creative is recorded under (its storage key). */
  link: z.string(),
  expiresAt: z.string(),
});
export type SignCreativeUploadResponse = z.infer<typeof signCreativeUploadResponseSchema>;

/** `POST .../campaigns/creative` body (spec 001 §7). */
export const recordCreativeBodySchema = z.object({
  link_campaign_id: z.number().int().positive(),
  is_active: flag,
  creative_image: z.string().min(1).max(1024),
});
/**
 * One uploaded creative as the wizard shows it (issue 25 item 8): its link (storage key), the
 * original file name the browser sent (from the uploads ledger), its content type, its SHA-256 (hex,
 * null until the file is stored or with a driver that does not compute it) and a signed, short-lived
 * URL to view it (`url`, valid `CREATIVE_VIEW_URL_TTL_SECONDS`).
 */
export const creativeFileSchema = z.object({
  link: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  sha256: z.string().nullable(),
  url: z.string(),
});
export type CreativeFile = z.infer<typeof creativeFileSchema>;

/** How long the view URL of an uploaded creative is valid, in seconds. */
export const CREATIVE_VIEW_URL_TTL_SECONDS = 15 * 60;

/** `GET .../campaigns/creative/files?links=` query: comma-joined links (at most 3 are described). */
export const listCreativeFilesQuerySchema = z.object({ links: z.string().max(4000).default('') });
/** Its answer: the links the uploads ledger holds for this dealership, in the order asked; others are left out. */
export const listCreativeFilesResponseSchema = z.object({ files: z.array(creativeFileSchema) });
export type ListCreativeFilesResponse = z.infer<typeof listCreativeFilesResponseSchema>;

export const recordCreativeResponseSchema = z.object({
  id: z.number().int(),
  link_campaign_id: z.number().int(),
  creative_image: z.string(),
  creatives: z.string(),
  /** The draft's creatives, as `GET .../campaigns/creative/files` describes them. */
  files: z.array(creativeFileSchema),
});

/* ---------- Creation ---------- */

const baseCreateBody = {
  link_campaign_id: z.number().int().positive(),
  vendor_campaign_name: z.string().min(1).max(400),
  notes: z.string().max(4000),
  /** Range checked by the route against `productFlightLimits` / `MAX_CAMPAIGN_BUDGET` (422 at `budget`). */
  budget: z.number(),
  zip: z.string().trim().min(1).max(4000),
  product: z.string().min(1).max(200),
  pacing_id: z.number().int().positive(),
  campaign_display_name: z.string().trim().min(1).max(200),
  start_date: isoDateSchema,
  end_date: isoDateSchema,
};

/** `POST .../campaigns/create-inventory-campaign` body (spec 001 §7), plus the draft's id, name and dates. */
export const createInventoryCampaignBodySchema = z
  .object({
    ...baseCreateBody,
    is_active: z.literal(1),
    product_code: z.enum(['VLA', 'DYN', 'INV', 'DYD']),
    allowed_vehicle_states: vehicleStatesText,
    inventory_data_providers: z.string().max(400),
    inventory_data_provider_clients: z.string().max(400),
  })
  .extend(inventoryFilterFieldsSchema.shape);
export type CreateInventoryCampaignBody = z.infer<typeof createInventoryCampaignBodySchema>;

/** `POST .../campaigns/create-noninventory-campaign` body (spec 001 §7). */
export const createNonInventoryCampaignBodySchema = z.object({
  ...baseCreateBody,
  campaign_type: z.literal('Non Inventory Campaign'),
  objective: z.enum(objectives),
  audience: z.array(z.string().min(1).max(300)).min(1).max(100),
  primary_kpi: z.string().max(100).nullable(),
  secondary_kpi: z.string().max(100).nullable(),
  tertiary_kpi: z.string().max(100).nullable(),
  product_code: z.enum(nonInventoryProductCodes),
  creatives: z.string().max(4000),
});
export type CreateNonInventoryCampaignBody = z.infer<typeof createNonInventoryCampaignBodySchema>;

export const createCampaignResponseSchema = z.object({
  client_campaign_id: z.number().int(),
  link_campaign_id: z.number().int(),
  campaign_status: z.string(),
  vendor_campaign_name: z.string(),
});
export type CreateCampaignResponse = z.infer<typeof createCampaignResponseSchema>;

/* ---------- Inventory ---------- */

export const listInventoryQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(INVENTORY_PAGE_SIZE).default(100),
});
/** Inventory vehicle record (spec 001 §3); vehicle_state_id 1 is new, 2 used, 3 certified used. */
export const inventoryVehicleSchema = z.object({
  vin_number: z.string(),
  stock_number: z.string().nullable(),
  year: z.number().int(),
  raw_make: z.string(),
  raw_model: z.string(),
  trim: z.string().nullable(),
  price: z.number().nullable(),
  mileage: z.number().int().nullable(),
  image_url: z.string().nullable(),
  vehicle_state: z.string(),
  vehicle_state_id: z.number().int(),
  days_on_lot: z.number().int().nullable(),
});
export type InventoryVehicle = z.infer<typeof inventoryVehicleSchema>;
export const listInventoryResponseSchema = z.object({
  data: z.array(inventoryVehicleSchema),
  pagination: z.object({ total: z.number().int() }),
});
export type ListInventoryResponse = z.infer<typeof listInventoryResponseSchema>;

/** Inventory summary (spec 001 §3). */
export const inventorySummarySchema = z.object({
  totalVehicles: z.number().int(),
  newVehicles: z.number().int(),
  usedVehicles: z.number().int(),
  /** Ids of the providers the dealership's vehicles come from (names: `GET /api/admin/inventory_data_providers`). */
  inventoryDataProviders: z.object({ inventory_data_provider_ids: z.array(z.number().int()) }),
  inventoryDataProviderClients: z.array(z.string()),
});
export type InventorySummary = z.infer<typeof inventorySummarySchema>;

/** `GET /api/admin/inventory_data_providers` query (spec 001 §7: paged, filter inventory_data_provider_id, comma-joined ids). */
export const listInventoryDataProvidersQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  inventory_data_provider_id: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'Expected comma-joined provider ids')
    .transform((v) => v.split(',').map(Number))
    .optional(),
});
export const inventoryDataProviderSchema = z.object({
  inventory_data_provider_id: z.number().int(),
  name: z.string(),
});
export type InventoryDataProvider = z.infer<typeof inventoryDataProviderSchema>;
export const listInventoryDataProvidersResponseSchema = z.object({
  data: z.array(inventoryDataProviderSchema),
  pagination: z.object({ total: z.number().int() }),
});
export type ListInventoryDataProvidersResponse = z.infer<typeof listInventoryDataProvidersResponseSchema>;

export const uploadInventoryFeedResponseSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  totalVehicles: z.number().int(),
});

/* ---------- Audiences ---------- */

export const audienceDestinations = ['facebook', 'google', 'mailchimp', 'tradedesk', 'basis', 'amazon'] as const;
export const audienceSchema = z.object({
  _id: z.number().int(),
  audience_name: z.string(),
  audience_size: z.number().int(),
  description: z.string().nullable(),
  createdAt: z.string(),
  last_run: z.string().nullable(),
  mappedAudiences: z.record(z.enum(audienceDestinations), z.boolean()),
});
export type Audience = z.infer<typeof audienceSchema>;
export const listAudiencesResponseSchema = z.object({ data: z.array(audienceSchema) });
export const audienceParamsSchema = tenantParamsSchema.extend({ audience_id: idParamSchema });

/* ---------- Reference: media markets ---------- */

export const mediaMarketSchema = z.object({
  rank: z.number().int(),
  dma: z.string(),
  tv_homes: z.number().int(),
  percent_of_usa: z.number(),
  dma_code: z.number().int(),
});
export type MediaMarket = z.infer<typeof mediaMarketSchema>;
export const listMediaMarketsResponseSchema = z.object({ data: z.array(mediaMarketSchema) });
/** The ZIP → media market table: `{ [zip]: dma_description }`. */
export const zipDmaTableSchema = z.record(z.string(), z.string());
