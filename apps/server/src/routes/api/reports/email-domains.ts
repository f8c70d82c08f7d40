import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import {
  addEmailDomainBodySchema,
  emailDomainItemSchema,
  emailDomainParamsSchema,
  errorResponseSchema,
  listEmailDomainsResponseSchema,
  ROLE_AGENCY_ADMIN,
  tenantParamsSchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../../lib/errors';
import { addEmailDomain, listEmailDomains, removeEmailDomain } from '../../../repositories/reports/recipients';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const orgParamsSchema = tenantParamsSchema.pick({ organization_id: true });

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
const emailDomainRoutes: FastifyPluginAsyncZod = async (app) => {
  // The tenant check (the organization; another agency's id answers 404) is the global onRequest
  // hook of every route under `:organization_id` (plugins/app/auth.ts); the role comes right after it,
  // before the input is read.
  app.addHook('onRequest', requireAgencyAdmin);

  /** `GET .../email-domains` → `{ data: [{ domain, created_at (ISO instant) }] }`, alphabetical. */
  app.get(
    '/email-domains',
    {
      schema: {
        tags: ['reports'],
        summary: 'Email domains the agency allows report emails to',
        params: orgParamsSchema,
        response: { 200: listEmailDomainsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listEmailDomains(app.db, { organizationId: request.params.organization_id }) }),
  );

  /**
   * `POST .../email-domains` `{ domain }` (`example.com`; trimmed, lower-cased, a leading `@` dropped;
   * ASCII host name of two labels or more, else 400 at `domain`) → 201 `{ domain, created_at }`;
   * adding a domain already allowed answers it unchanged.
   */
  app.post(
    '/email-domains',
    {
      schema: {
        tags: ['reports'],
        summary: 'Allow report emails to an email domain',
        params: orgParamsSchema,
        body: addEmailDomainBodySchema,
        response: { 201: emailDomainItemSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addEmailDomain(app.db, { organizationId: request.params.organization_id, domain: request.body.domain }),
        ),
  );

  /** `DELETE .../email-domains/{domain}` → 204, whether or not the domain was allowed (idempotent). */
  app.delete(
    '/email-domains/:domain',
    {
      schema: {
        tags: ['reports'],
        summary: 'Stop allowing report emails to an email domain',
        params: emailDomainParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeEmailDomain(app.db, {
        organizationId: request.params.organization_id,
        domain: request.params.domain,
      });
      return reply.code(204).send(null);
    },
  );
};
export default emailDomainRoutes;
