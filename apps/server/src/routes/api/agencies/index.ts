import type { RouteModule } from '../../route-module';
import { dealershipOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import { notFound } from '../../../lib/errors';
import { getDealership, getOrganization, listDealerships, listOrganizations } from '../../../repositories/dealerships';

/** Agencies and dealerships the signed-in user may open (issue 2 §5). */
const agencies: RouteModule = async (app) => {
  /** `GET /api/organizations` → `{ data: [{ id, name }] }`: every agency for platform staff, else the user's own. */
  registerOperation(app, dealershipOperations.listOrganizations, async (request) => ({
    data: await listOrganizations(app.db, { user: request.user! }),
  }));

  /** `GET /api/agencies/{organization_id}/dealerships` → the agency and the dealerships this user may open; 404 for another tenant. */
  registerOperation(app, dealershipOperations.listDealerships, async (request) => {
    const organization = await getOrganization(app.db, { organizationId: request.params.organization_id });
    if (!organization) throw notFound('Organization not found');
    return {
      organization: { id: organization.id, name: organization.name },
      data: await listDealerships(app.db, { user: request.user!, organizationId: organization.id }),
    };
  });

  /** `GET /api/agencies/{organization_id}/dealership/{dealership_id}` → the dealership, its settings and the agency's (spec 000 §3). */
  registerOperation(app, dealershipOperations.getDealership, async (request) => {
    const dealership = await getDealership(app.db, {
      organizationId: request.params.organization_id,
      dealershipId: request.params.dealership_id,
    });
    if (!dealership) throw notFound('Dealership not found');
    return dealership;
  });
};
export default agencies;
