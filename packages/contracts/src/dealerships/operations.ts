import { errorResponseSchema } from '../common/errors';
import { tenantParamsSchema } from '../common/ids';
import { DEALERSHIP_PATH, AGENCY_PATH, defineOperation } from '../operations/define';
import { dealershipDetailSchema } from './get-dealership';
import { agencyParamsSchema, listDealershipsResponseSchema, listOrganizationsResponseSchema } from './list-dealerships';

const errors = { 401: errorResponseSchema, 404: errorResponseSchema };

/** Agencies and dealerships the signed-in user may open (issue 2 §5). */
export const dealershipOperations = {
  listOrganizations: defineOperation({
    id: 'listOrganizations',
    method: 'GET',
    path: '/api/organizations',
    summary: 'Agencies the user may open',
    tags: ['tenancy'],
    response: { 200: listOrganizationsResponseSchema, 401: errorResponseSchema },
  }),
  listDealerships: defineOperation({
    id: 'listDealerships',
    method: 'GET',
    path: `${AGENCY_PATH}/dealerships`,
    summary: 'Dealerships of an agency the user may open',
    tags: ['tenancy'],
    params: agencyParamsSchema,
    response: { 200: listDealershipsResponseSchema, ...errors },
  }),
  getDealership: defineOperation({
    id: 'getDealership',
    method: 'GET',
    path: DEALERSHIP_PATH,
    summary: 'A dealership with its and its agency settings',
    tags: ['tenancy'],
    params: tenantParamsSchema,
    response: { 200: dealershipDetailSchema, ...errors },
  }),
};
