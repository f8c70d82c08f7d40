import { errorResponseSchema } from '../common/errors';
import { AGENCY_PATH, AGENCY_ROLES, commonErrors, DEALERSHIP_PATH, defineOperation } from '../operations/define';
import {
  campaignTrustParamsSchema,
  campaignTrustSchema,
  dataHealthResponseSchema,
  dealershipTrustParamsSchema,
  listCampaignTrustResponseSchema,
} from './trust';

const tags = ['trust'] as const;

/** Data freshness, pacing and the Data health page (issue 21 §1–2, docs/trust.md). */
export const trustOperations = {
  listCampaignTrust: defineOperation({
    id: 'listCampaignTrust',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/campaign-trust`,
    summary: 'Freshness and pacing of every managed campaign of the dealership',
    tags,
    params: dealershipTrustParamsSchema,
    response: { 200: listCampaignTrustResponseSchema, ...commonErrors },
  }),
  getCampaignTrust: defineOperation({
    id: 'getCampaignTrust',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/campaigns/:campaign_id/trust`,
    summary: 'Freshness and pacing of one managed campaign (report header)',
    tags,
    params: campaignTrustParamsSchema,
    response: { 200: campaignTrustSchema, ...commonErrors },
  }),
  getSelfServiceCampaignTrust: defineOperation({
    id: 'getSelfServiceCampaignTrust',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/campaigns/self-service/:campaign_id/trust`,
    summary: 'Freshness of one self-service campaign (Google Ads or Meta sync; report header)',
    tags,
    params: campaignTrustParamsSchema,
    response: { 200: campaignTrustSchema, ...commonErrors },
  }),
  getDataHealth: defineOperation({
    id: 'getDataHealth',
    method: 'GET',
    path: `${AGENCY_PATH}/data-health`,
    summary: 'Each data source and platform connection of the agency with its last sync (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: dealershipTrustParamsSchema.pick({ organization_id: true }),
    response: { 200: dataHealthResponseSchema, ...commonErrors, 403: errorResponseSchema },
  }),
};
