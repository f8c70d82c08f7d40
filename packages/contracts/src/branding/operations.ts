import * as z from 'zod';
import { errorResponseSchema } from '../common/errors';
import { AGENCY_PATH, AGENCY_ROLES, commonErrors, defineOperation } from '../operations/define';
import {
  agencyBrandLogoQuerySchema,
  agencyBrandParamsSchema,
  agencyBrandSchema,
  agencyBrandingSchema,
  brandingAgencyParamsSchema,
  listAgenciesResponseSchema,
  updateAgencyBrandingBodySchema,
  uploadAgencyLogoBodySchema,
} from './branding';

const tags = ['branding'] as const;
const adminErrors = { ...commonErrors, 403: errorResponseSchema };

/**
 * White-label per agency (issue 20 §4, docs/users.md "Branding"): administrators (roles 1–2) read and
 * change the agency's branding and logo; anyone reads an agency's public brand (name, colour, logo) for
 * the shell and the branded sign-in page. Staff list agencies (issue 23 §2).
 */
export const brandingOperations = {
  getAgencyBranding: defineOperation({
    id: 'getAgencyBranding',
    method: 'GET',
    path: `${AGENCY_PATH}/branding`,
    summary: 'The agency’s branding settings (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: brandingAgencyParamsSchema,
    response: { 200: agencyBrandingSchema, ...adminErrors },
  }),
  updateAgencyBranding: defineOperation({
    id: 'updateAgencyBranding',
    method: 'PUT',
    path: `${AGENCY_PATH}/branding`,
    summary: 'Change the agency’s name, colour, email sender and paper (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: brandingAgencyParamsSchema,
    body: updateAgencyBrandingBodySchema,
    response: { 200: agencyBrandingSchema, ...adminErrors },
  }),
  uploadAgencyLogo: defineOperation({
    id: 'uploadAgencyLogo',
    method: 'PUT',
    path: `${AGENCY_PATH}/branding/logo`,
    summary: 'Replace the agency’s logo: PNG or JPEG, ≤ 512 KB (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: brandingAgencyParamsSchema,
    body: uploadAgencyLogoBodySchema,
    response: { 200: agencyBrandingSchema, ...adminErrors, 413: errorResponseSchema, 415: errorResponseSchema },
  }),
  deleteAgencyLogo: defineOperation({
    id: 'deleteAgencyLogo',
    method: 'DELETE',
    path: `${AGENCY_PATH}/branding/logo`,
    summary: 'Remove the agency’s logo (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: brandingAgencyParamsSchema,
    response: { 200: agencyBrandingSchema, ...adminErrors },
  }),
  getAgencyBrand: defineOperation({
    id: 'getAgencyBrand',
    method: 'GET',
    path: '/api/brands/:agency',
    summary: 'An agency’s public brand: name, colour, logo URL (no session)',
    tags,
    access: 'public',
    params: agencyBrandParamsSchema,
    response: { 200: agencyBrandSchema, 400: errorResponseSchema, 404: errorResponseSchema },
  }),
  getAgencyBrandLogo: defineOperation({
    id: 'getAgencyBrandLogo',
    method: 'GET',
    path: '/api/brands/:agency/logo',
    summary: 'An agency’s logo image (no session)',
    tags,
    access: 'public',
    params: agencyBrandParamsSchema,
    query: agencyBrandLogoQuerySchema,
    response: { 200: z.unknown().describe('The logo'), 400: errorResponseSchema, 404: errorResponseSchema },
  }),
  listAgencies: defineOperation({
    id: 'listAgencies',
    method: 'GET',
    path: '/api/admin/agencies',
    summary: 'Every agency with its dealership and user counts (role 1)',
    tags,
    roles: [1],
    response: { 200: listAgenciesResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
  }),
};
