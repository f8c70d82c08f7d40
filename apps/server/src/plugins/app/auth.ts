import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLE_AGENCY_ADMIN, ROLE_PLATFORM_STAFF, type Me } from '@portal/contracts';
import { csrfFailed, notFound, unauthenticated } from '../../lib/errors';
import { AUTH_CHANGED_CHANNEL } from '../../db/change-notifications';
import { ChangeAwareCache } from '../../lib/change-aware-cache';
import { findSessionTenant, type SessionTenant } from './auth-repository';

export const SESSION_COOKIE = 'portal_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` on a state-changing route whose credential is not the session cookie (a signed URL) or that has no session yet (sign-in): no CSRF token is required. */
    csrf?: false;
  }
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
 * The CSRF token of a session (synchronizer token, docs/security.md): an HMAC of the session token
 * with the server's secret, so it is bound to that session, changes when the session rotates, and
 * needs no storage. Sent to the client in the sign-in and `/api/me` answers, never in a cookie.
 */
export function csrfTokenFor(secret: string, session: string): string {
  return crypto.createHmac('sha256', secret).update(`csrf:${session}`).digest('base64url');
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the `Origin` header names the host the request was sent to. */
function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Sessions and tenancy (ARCHITECTURE.md "Tenancy and roles"). Role 1 opens every organization;
 * role 2 every dealership of its organization; role 3 (or none) only its own dealerships. A
 * tenant the user may not see answers 404, never data, and is checked before any route query.
 */
export default fp(
  async (app, options: { sessionSecret: string; sessionCacheEntries?: number }) => {
    await app.register(cookie, { secret: options.sessionSecret });
    app.decorateRequest('user', null);

    // The session cache (docs/performance.md): what findSessionTenant answered for a session and a
    // path's tenant, kept until a committed write to a table it reads from (sessions, users,
    // memberships, dealerships, organizations) notifies, at most a minute, and never past the
    // session's expiry. A sign-out is seen by this process before its answer is sent; by other
    // processes when PostgreSQL's notification reaches them, within milliseconds.
    const entries = options.sessionCacheEntries ?? 10_000;
    const sessionCache = entries > 0 ? new ChangeAwareCache<SessionTenant>({ max: entries, ttl: 60_000 }) : null;
    if (sessionCache) {
      const stop = await sessionCache.follow(app.database, AUTH_CHANGED_CHANNEL);
      app.addHook('onClose', async () => stop());
    }
    /**
     * The session's user and the path's tenant for a request's session cookie, from the session cache
     * or one statement; null without a valid session. Kept per signed cookie value: only a cookie
     * whose signature was checked when it was kept can find the entry, so a hit skips the HMAC.
     */
    const lookUp = async (
      request: FastifyRequest,
      tenant: { organizationId: number; dealershipId?: number | undefined },
    ) => {
      const cookieValue = request.cookies[SESSION_COOKIE];
      if (!cookieValue) return null;
      const key = `${tenant.organizationId}|${tenant.dealershipId ?? ''}|${cookieValue}`;
      const kept = sessionCache?.get(key);
      if (kept && kept.expiresAt.getTime() > Date.now()) return kept;
      const token = sessionToken(request);
      if (!token) return null;
      const since = sessionCache?.begin() ?? 0;
      const found = await findSessionTenant(app.db, token, tenant);
      if (found) sessionCache?.set(key, found, since);
      return found;
    };

    // CSRF (docs/security.md), before any body parsing or query. 1: a browser's cross-site request
    // to a state-changing API route is refused by its Fetch Metadata (`Sec-Fetch-Site`) or, from
    // browsers that send none, by an `Origin` of another host — this covers sign-in, which has no
    // session yet. 2: a state-changing request that carries a session cookie must send the session's
    // CSRF token in `X-CSRF-Token`. Requests without the cookie go on and get the route's 401.
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none')
        throw csrfFailed('Cross-site requests are refused');
      const origin = request.headers.origin;
      if (site === undefined && origin !== undefined && !sameOrigin(origin, request.headers.host))
        throw csrfFailed('Cross-site requests are refused');
      if (request.routeOptions.config.csrf === false) return;
      const session = sessionToken(request);
      if (!session) return;
      const sent = request.headers['x-csrf-token'];
      const expected = Buffer.from(csrfTokenFor(options.sessionSecret, session));
      if (typeof sent !== 'string' || sent.length !== expected.length) throw csrfFailed();
      if (!crypto.timingSafeEqual(Buffer.from(sent), expected)) throw csrfFailed();
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      const found = await lookUp(request, { organizationId: 0 });
      if (!found) throw unauthenticated();
      request.user = found.user;
    });

    // One statement for the session, the user and the path's tenant (findSessionTenant); the rules
    // below decide before any route query runs.
    app.decorate('requireTenant', async (request: FastifyRequest) => {
      const params = request.params as { organization_id?: number; dealership_id?: number };
      const organizationId = Number(params.organization_id);
      const dealershipId = params.dealership_id === undefined ? undefined : Number(params.dealership_id);
      // Ids that are not positive 32-bit integers ask for a tenant that cannot exist (0): 404.
      const safe = (id: number) => (Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0);
      const found = await lookUp(request, {
        organizationId: safe(organizationId),
        dealershipId: dealershipId === undefined ? undefined : safe(dealershipId),
      });
      if (!found) throw unauthenticated();
      const user = found.user;
      request.user = user;
      if (!Number.isSafeInteger(organizationId)) throw notFound();
      if (user.role_id !== ROLE_PLATFORM_STAFF && organizationId !== user.organization_id)
        throw notFound('Organization not found');
      if (dealershipId === undefined) {
        if (!found.organizationExists) throw notFound('Organization not found');
        return;
      }
      if (!found.dealershipInOrganization) throw notFound('Dealership not found');
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
