import * as z from 'zod';
import { idParamSchema } from '../common/ids';
import { vendorIdSchema } from './vendors';

/** Account option of the import form (spec 001 §3): `value` is the account id. */
export const accountOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  login_customer_id: z.string().nullable(),
});
export type AccountOption = z.infer<typeof accountOptionSchema>;

/**
 * `GET .../dsp/accounts?vendor_id&force_refresh&dealership_id` (spec 001 §7 account list).
 * `dealership_id` (optional, issue 18 item 3): only the accounts assigned to that dealership of the
 * agency (the import flow of a dealership sends it). A dealership user always gets only accounts
 * assigned to their dealerships.
 */
export const listAccountsQuerySchema = z.object({
  vendor_id: vendorIdSchema.default(1),
  dealership_id: idParamSchema.optional(),
  force_refresh: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});
export const listAccountsResponseSchema = z.object({ data: z.array(accountOptionSchema) });
export type ListAccountsResponse = z.infer<typeof listAccountsResponseSchema>;

/** `POST .../dsp/accounts/refresh` body (spec 001 §7 account refresh). */
export const refreshAccountsBodySchema = z.object({ vendor_id: vendorIdSchema });

/** Path of `GET /agencies/{agency_id}/dsp/accounts/vendors/{vendor_id}/campaigns`. */
export const vendorCampaignsParamsSchema = z.object({ organization_id: idParamSchema, vendor_id: vendorIdSchema });

/**
 * Its query (spec 001 §7): `customer_account_id` and `login_customer_id` for the search vendor,
 * `account_id` for the social vendor. Checked per vendor by the route (400 when missing).
 */
export const vendorCampaignsQuerySchema = z.object({
  customer_account_id: z.string().max(64).optional(),
  login_customer_id: z.string().max(64).optional(),
  account_id: z.string().max(64).optional(),
});

/** Importable campaign option (spec 001 §3): `value` is the platform campaign id. */
export const importableCampaignSchema = z.object({
  value: z.string(),
  label: z.string(),
  status: z.number().int(),
  status_name: z.string(),
});
export type ImportableCampaign = z.infer<typeof importableCampaignSchema>;
export const vendorCampaignsResponseSchema = z.array(importableCampaignSchema);
export type VendorCampaignsResponse = z.infer<typeof vendorCampaignsResponseSchema>;

/**
 * `POST .../campaigns/self-service/import` (spec 001 §7): vendor_id, agency_id, account_name,
 * campaign_ids, plus customer_account_id and login_customer_id (search vendor) or account_id
 * (social vendor, vendor_id 3).
 */
export const importCampaignsBodySchema = z.object({
  vendor_id: vendorIdSchema,
  agency_id: z.coerce.number().int().positive(),
  account_name: z.string().min(1).max(256),
  campaign_ids: z.array(z.string().min(1).max(64)).min(1).max(200),
  customer_account_id: z.string().max(64).optional(),
  login_customer_id: z.string().max(64).nullable().optional(),
  account_id: z.string().max(64).optional(),
});
export type ImportCampaignsBody = z.infer<typeof importCampaignsBodySchema>;
/** How many campaigns the call imported and how many of them were already imported (not duplicated). */
export const importCampaignsResponseSchema = z.object({
  imported: z.number().int(),
  already_imported: z.number().int(),
  campaign_ids: z.array(z.number().int()),
});
export type ImportCampaignsResponse = z.infer<typeof importCampaignsResponseSchema>;
