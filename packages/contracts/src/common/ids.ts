import * as z from 'zod';

/** A positive integer id taken from a path segment. */
export const idParamSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Path parameters of every route under `/agencies/{organization_id}/dealership/{dealership_id}`. */
export const tenantParamsSchema = z.object({
  organization_id: idParamSchema,
  dealership_id: idParamSchema,
});
export type TenantParams = z.infer<typeof tenantParamsSchema>;
