import * as z from 'zod';
import { tenantParamsSchema } from '../common/ids';
import { vendorIdSchema } from './vendors';

/** Path parameters of `.../platforms/{vendor_id}/...`. */
export const platformParamsSchema = tenantParamsSchema.extend({ vendor_id: vendorIdSchema });
export type PlatformParams = z.infer<typeof platformParamsSchema>;

/**
 * A linked platform of the agency (spec 001 §2.9 'Linked Platforms'): one per vendor, connected or
 * not. `sandbox` is true when the portal has no credentials for the vendor and uses its sandbox.
 */
export const linkedPlatformSchema = z.object({
  vendor_id: z.number().int(),
  vendor_name: z.string(),
  connected: z.boolean(),
  sandbox: z.boolean(),
  connected_at: z.string().nullable(),
  connected_by: z.string().nullable(),
});
export type LinkedPlatform = z.infer<typeof linkedPlatformSchema>;
export const listLinkedPlatformsResponseSchema = z.object({ data: z.array(linkedPlatformSchema) });
export type ListLinkedPlatformsResponse = z.infer<typeof listLinkedPlatformsResponseSchema>;

/** `POST .../platforms/{vendor_id}/connect` → where to send the browser for the OAuth consent. */
export const connectPlatformResponseSchema = z.object({ authorize_url: z.string() });
export type ConnectPlatformResponse = z.infer<typeof connectPlatformResponseSchema>;

/** OAuth 2.0 redirect back to the portal: `code` and `state`, or `error`. */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
});

/** Sandbox consent page query (served by the portal itself when no credentials are configured). */
export const sandboxAuthorizeQuerySchema = z.object({
  vendor_id: z.string().max(8).optional(),
  state: z.string().max(2048).optional(),
  redirect_uri: z.string().max(2048).optional(),
  client_id: z.string().max(256).optional(),
});
