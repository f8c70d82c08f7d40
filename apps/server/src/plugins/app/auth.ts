import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ROLE_AGENCY_ADMIN, ROLE_PLATFORM_STAFF, type Me } from '@portal/contracts';
import { dealerships, organizations } from '../../db/schema';
import { notFound, unauthenticated } from '../../lib/errors';
import { findSessionUser } from './auth-repository';

export const SESSION_COOKIE = 'portal_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser`. */
    user: Me | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid session cookie is present. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: 401 without a session; 404 unless the user may open the organization (and dealership) in the path. */
    requireTenant(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The session token of a request's signed cookie, or null. */
export function sessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/**
 * Sessions and tenancy (ARCHITECTURE.md "Tenancy and roles"). Role 1 opens every organization;
 * role 2 every dealership of its organization; role 3 (or none) only its own dealerships. A
 * tenant the user may not see answers 404, never data, and is checked before any route query.
 */
export default fp(
  async (app, options: { sessionSecret: string }) => {
    await app.register(cookie, { secret: options.sessionSecret });
    app.decorateRequest('user', null);

    app.decorate('requireUser', async (request: FastifyRequest) => {
      const token = sessionToken(request);
      const user = token ? await findSessionUser(app.db, token) : null;
      if (!user) throw unauthenticated();
      request.user = user;
    });

    app.decorate('requireTenant', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUser(request, reply);
      const user = request.user!;
      const params = request.params as { organization_id?: number; dealership_id?: number };
      const organizationId = Number(params.organization_id);
      if (!Number.isInteger(organizationId)) throw notFound();
      if (user.role_id !== ROLE_PLATFORM_STAFF && organizationId !== user.organization_id)
        throw notFound('Organization not found');
      if (params.dealership_id === undefined) {
        if (user.role_id === ROLE_PLATFORM_STAFF) {
          const [org] = await app.db
            .select({ id: organizations.id })
            .from(organizations)
            .where(eq(organizations.id, organizationId));
          if (!org) throw notFound('Organization not found');
        }
        return;
      }
      const dealershipId = Number(params.dealership_id);
      const [dealership] = await app.db
        .select({ id: dealerships.id })
        .from(dealerships)
        .where(and(eq(dealerships.id, dealershipId), eq(dealerships.organizationId, organizationId)));
      if (!dealership) throw notFound('Dealership not found');
      if (
        user.role_id !== ROLE_PLATFORM_STAFF &&
        user.role_id !== ROLE_AGENCY_ADMIN &&
        !user.dealership_ids.includes(dealershipId)
      ) {
        throw notFound('Dealership not found');
      }
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
