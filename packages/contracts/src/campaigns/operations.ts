import { tenantParamsSchema } from '../common/ids';
import { commonErrors, DEALERSHIP_PATH, defineOperation } from '../operations/define';
import { campaignsSummarySchema } from './get-campaigns-summary';
import { getManagedCampaignQuerySchema, managedCampaignDetailSchema } from './get-managed-campaign';
import { listManagedCampaignsQuerySchema, listManagedCampaignsResponseSchema } from './list-managed-campaigns';
import { campaignParamsSchema } from './params';

/** Managed campaigns of a dealership (spec 000 §2.3, §7). */
export const campaignOperations = {
  listManagedCampaigns: defineOperation({
    id: 'listManagedCampaigns',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/campaigns`,
    summary: 'Managed campaign list with metrics over a date range',
    tags: ['campaigns'],
    responseCache: true,
    params: tenantParamsSchema,
    query: listManagedCampaignsQuerySchema,
    response: { 200: listManagedCampaignsResponseSchema, ...commonErrors },
  }),
  getCampaignsSummary: defineOperation({
    id: 'getCampaignsSummary',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/campaigns/summary`,
    summary: 'Month-to-date summary cards',
    tags: ['campaigns'],
    responseCache: true,
    params: tenantParamsSchema,
    response: { 200: campaignsSummarySchema, ...commonErrors },
  }),
  getManagedCampaign: defineOperation({
    id: 'getManagedCampaign',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/campaigns/:campaign_id`,
    summary: 'A managed campaign with totals and daily delivery',
    tags: ['campaigns'],
    responseCache: true,
    params: campaignParamsSchema,
    query: getManagedCampaignQuerySchema,
    response: { 200: managedCampaignDetailSchema, ...commonErrors },
  }),
};
