import * as z from 'zod';
import { idParamSchema, tenantParamsSchema } from '../common/ids';
import { vendorIdSchema } from './vendors';

/**
 * The dealership scope of an agency's ad-platform accounts (issue 18 item 3, docs/self-service.md
 * "Scope"): an agency administrator assigns each account of a connection to dealerships of the
 * agency; a dealership user lists, reads and imports only accounts assigned to their dealership.
 */

/** Path of `/agencies/{organization_id}/dsp/platforms/{vendor_id}/account-assignments`. */
export const accountAssignmentsParamsSchema = z.object({
  organization_id: idParamSchema,
  vendor_id: vendorIdSchema,
});

/** One platform account of the connection with the dealerships it is assigned to (ids ascending). */
export const accountAssignmentSchema = z.object({
  account_id: z.string(),
  account_name: z.string(),
  login_customer_id: z.string().nullable(),
  dealership_ids: z.array(z.number().int()),
});
export type AccountAssignment = z.infer<typeof accountAssignmentSchema>;

/** `GET …/dsp/platforms/{vendor_id}/account-assignments` → every account of the connection (role 1–2). */
export const listAccountAssignmentsResponseSchema = z.object({ data: z.array(accountAssignmentSchema) });
export type ListAccountAssignmentsResponse = z.infer<typeof listAccountAssignmentsResponseSchema>;

/** Path of `PUT …/dsp/platforms/{vendor_id}/account-assignments/{account_id}`. */
export const setAccountAssignmentParamsSchema = accountAssignmentsParamsSchema.extend({
  account_id: z.string().min(1).max(64),
});

/**
 * `PUT …/account-assignments/{account_id}` body: the complete set of dealerships of the agency that
 * may use the account (replaces the previous set; `[]` assigns it to none).
 */
export const setAccountAssignmentBodySchema = z.object({
  dealership_ids: z.array(idParamSchema).max(1000),
});
export type SetAccountAssignmentBody = z.infer<typeof setAccountAssignmentBodySchema>;

/** Path of `POST …/dealership/{dealership_id}/campaigns/self-service/{campaign_id}/move`. */
export const moveSelfServiceParamsSchema = tenantParamsSchema.extend({ campaign_id: idParamSchema });

/** Its body: the dealership of the same agency the imported campaign moves to (role 1–2). */
export const moveSelfServiceBodySchema = z.object({ dealership_id: idParamSchema });
export type MoveSelfServiceBody = z.infer<typeof moveSelfServiceBodySchema>;
export const moveSelfServiceResponseSchema = z.object({
  campaign_id: z.number().int(),
  dealership_id: z.number().int(),
});
export type MoveSelfServiceResponse = z.infer<typeof moveSelfServiceResponseSchema>;
