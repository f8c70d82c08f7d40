import type { RouteModule } from '../../route-module';
import { ROLE_AGENCY_ADMIN, reportOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../../lib/errors';
import { addEmailDomain, listEmailDomains, removeEmailDomain } from '../../../repositories/reports/recipients';

/** Platform staff and agency administrators (roles 1–2) manage the list; a dealership user gets 403. */
async function requireAgencyAdmin(request: FastifyRequest) {
  if ((request.user?.role_id ?? 3) > ROLE_AGENCY_ADMIN)
    throw forbidden('Only an agency administrator may change where reports may be emailed');
}

/**
 * The agency's allowed report email domains (issue 18 item 8, docs/reports.md "Recipients"), under
 * `/api/agencies/{organization_id}`: a report may be emailed to the users of its dealership or to any
 * address of these domains. Every route checks the tenant (the organization; another agency's
 * id answers 404) and then requires role 1 or 2 (403 otherwise), both before its input is validated.
 */
const emailDomainRoutes: RouteModule = async (app) => {
  // The tenant check (the organization; another agency's id answers 404) is the global onRequest
  // hook of every route under `:organization_id` (plugins/app/auth.ts); the role comes right after it,
  // before the input is read.
  app.addHook('onRequest', requireAgencyAdmin);

  /** `GET .../email-domains` → `{ data: [{ domain, created_at (ISO instant) }] }`, alphabetical. */
  registerOperation(app, reportOperations.listEmailDomains, async (request) => ({
    data: await listEmailDomains(app.db, { organizationId: request.params.organization_id }),
  }));

  /**
   * `POST .../email-domains` `{ domain }` (`example.com`; trimmed, lower-cased, a leading `@` dropped;
   * ASCII host name of two labels or more, else 400 at `domain`) → 201 `{ domain, created_at }`;
   * adding a domain already allowed answers it unchanged.
   */
  registerOperation(app, reportOperations.addEmailDomain, async (request, reply) =>
    reply
      .code(201)
      .send(
        await addEmailDomain(app.db, { organizationId: request.params.organization_id, domain: request.body.domain }),
      ),
  );

  /** `DELETE .../email-domains/{domain}` → 204, whether or not the domain was allowed (idempotent). */
  registerOperation(app, reportOperations.removeEmailDomain, async (request, reply) => {
    await removeEmailDomain(app.db, {
      organizationId: request.params.organization_id,
      domain: request.params.domain,
    });
    return reply.code(204).send(null);
  });
};
export default emailDomainRoutes;
