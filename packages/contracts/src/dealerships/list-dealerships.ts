import * as z from 'zod';
import { idParamSchema } from '../common/ids';

/** Path of `GET /api/agencies/{organization_id}/dealerships`. */
export const agencyParamsSchema = z.object({ organization_id: idParamSchema });

/** A dealership the user may open, with its agency and media market. */
export const dealershipSummarySchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  dma_code: z.number().int().nullable(),
  dma_name: z.string().nullable(),
});
export type DealershipSummary = z.infer<typeof dealershipSummarySchema>;

/** Response of `GET /api/agencies/{organization_id}/dealerships`, ordered by name. */
export const listDealershipsResponseSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  data: z.array(dealershipSummarySchema),
});
export type ListDealershipsResponse = z.infer<typeof listDealershipsResponseSchema>;

/** Response of `GET /api/agencies/{organization_id}/organizations`: agencies a user may switch to. */
export const listOrganizationsResponseSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
