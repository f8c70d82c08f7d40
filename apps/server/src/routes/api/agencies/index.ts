import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agencyParamsSchema,
  dealershipDetailSchema,
  errorResponseSchema,
  listDealershipsResponseSchema,
  listOrganizationsResponseSchema,
  tenantParamsSchema,
} from '@portal/contracts';
import { notFound } from '../../../lib/errors';
import { getDealership, getOrganization, listDealerships, listOrganizations } from '../../../repositories/dealerships';

const errors = { 401: errorResponseSchema, 404: errorResponseSchema };

/** Agencies and dealerships the signed-in user may open (issue 2 §5). */
const agencies: FastifyPluginAsyncZod = async (app) => {
  /** `GET /api/organizations` → `{ data: [{ id, name }] }`: every agency for platform staff, else the user's own. */
  app.get(
    '/api/organizations',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['tenancy'],
        summary: 'Agencies the user may open',
        response: { 200: listOrganizationsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await listOrganizations(app.db, { user: request.user! }) }),
  );

  /** `GET /api/agencies/{organization_id}/dealerships` → the agency and the dealerships this user may open; 404 for another tenant. */
  app.get(
    '/api/agencies/:organization_id/dealerships',
    {
      schema: {
        tags: ['tenancy'],
        summary: 'Dealerships of an agency the user may open',
        params: agencyParamsSchema,
        response: { 200: listDealershipsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const organization = await getOrganization(app.db, { organizationId: request.params.organization_id });
      if (!organization) throw notFound('Organization not found');
      return {
        organization: { id: organization.id, name: organization.name },
        data: await listDealerships(app.db, { user: request.user!, organizationId: organization.id }),
      };
    },
  );

  /** `GET /api/agencies/{organization_id}/dealership/{dealership_id}` → the dealership, its settings and the agency's (spec 000 §3). */
  app.get(
    '/api/agencies/:organization_id/dealership/:dealership_id',
    {
      schema: {
        tags: ['tenancy'],
        summary: 'A dealership with its and its agency settings',
        params: tenantParamsSchema,
        response: { 200: dealershipDetailSchema, ...errors },
      },
    },
    async (request) => {
      const dealership = await getDealership(app.db, {
        organizationId: request.params.organization_id,
        dealershipId: request.params.dealership_id,
      });
      if (!dealership) throw notFound('Dealership not found');
      return dealership;
    },
  );
};
export default agencies;
