import * as z from 'zod';

/**
 * Roles (ARCHITECTURE.md): 1 platform staff (every organization), 2 agency administrator (every
 * dealership of its organization), 3 dealership user (its dealerships only). Missing counts as 3.
 */
export const ROLE_PLATFORM_STAFF = 1;
export const ROLE_AGENCY_ADMIN = 2;
export const ROLE_DEALERSHIP_USER = 3;

/** Response of `GET /api/me` and `POST /api/auth/login`: the signed-in user. */
export const meSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  organization_id: z.number().int(),
  dealership_ids: z.array(z.number().int()),
  role_id: z.number().int(),
});
export type Me = z.infer<typeof meSchema>;

/**
 * Answer of `POST /api/auth/login` and `GET /api/me`: the user and the session's CSRF token, which
 * every state-changing request must send back as the `X-CSRF-Token` header (docs/security.md).
 */
export const signedInSchema = meSchema.extend({ csrf_token: z.string() });
export type SignedIn = z.infer<typeof signedInSchema>;
