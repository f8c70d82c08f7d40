import type * as z from 'zod';
import { idParamSchema, tenantParamsSchema } from '../common/ids';

/** Path parameters of routes under `.../campaigns/{campaign_id}`. */
export const campaignParamsSchema = tenantParamsSchema.extend({ campaign_id: idParamSchema });
export type CampaignParams = z.infer<typeof campaignParamsSchema>;
