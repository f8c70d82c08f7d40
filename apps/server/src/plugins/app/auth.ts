import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLE_AGENCY_ADMIN, ROLE_PLATFORM_STAFF, type Me } from '@portal/contracts';
import { csrfFailed, notFound, unauthenticated } from '../../lib/errors';
import { AUTH_CHANGED_CHANNEL } from '../../db/change-notifications';
import { ChangeAwareCache } from '../../lib/change-aware-cache';
import { findSessionTenant, type SessionTenant } from '../../repositories/auth';

export const SESSION_COOKIE = 'portal_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` on a state-changing route whose credential is not the session cookie (a signed URL) or
     * that has no session yet (sign-in): no CSRF token is required. The only way out of the token
     * check; cross-site requests are refused on every route all the same.
     */
    csrf?: false;
  }
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser` or the tenant check. */
    user: Me | null;
    /** Whether the tenant check of the matched route has run for this request (it runs once). */
    tenantChecked: boolean;
  }
  interface FastifyInstance {
    /** 401 unless a valid session cookie is present. Use it as the route's `onRequest`, so it answers before validation. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * 401 without a session; 404 unless the user may open the organization (and dealership) in the
     * path. Runs by itself as an `onRequest` hook of every route whose URL names `:organization_id`
     * (no route needs to ask for it); calling it again for the same request does nothing.
     */
    requireTenant(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** A path id as the tenant check reads it: a positive 32-bit integer in plain decimal, else 0 (a tenant that cannot exist). */
export function tenantIdOf(raw: unknown): number {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw > 0 && raw <= 2_147_483_647 ? raw : 0;
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,9}$/.test(raw)) return 0;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : 0;
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

/** Methods that change nothing (RFC 9110 §9.2.1): every other method is state-changing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a route (its URL pattern) is tenant-scoped: it names the organization in its path. */
export function isTenantRoute(url: string | undefined): boolean {
  return url !== undefined && url.includes('/:organization_id');
}

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
    app.decorateRequest('tenantChecked', false);

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
      const found = await findSessionTenant(app.db, { token, tenant });
      if (found) sessionCache?.set(key, found, since);
      return found;
    };

    // CSRF (docs/security.md), before any body parsing or query, decided on the request's method and
    // the route it matched — never on the spelling of its URL (issue 18 item 1). Every method but
    // GET, HEAD and OPTIONS, on any route or none: 1: a browser's cross-site request is refused by
    // its Fetch Metadata (`Sec-Fetch-Site`) or, from browsers that send none, by an `Origin` of
    // another host — this covers sign-in, which has no session yet. 2: a request that carries a
    // session cookie must send the session's CSRF token in `X-CSRF-Token`, unless the matched route
    // opts out with `config.csrf: false`. Requests without the cookie go on and get the route's 401.
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
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
    // below decide before any route query runs. The path ids are read raw (this runs before
    // validation): anything but a plain decimal id asks for a tenant that cannot exist.
    const checkTenant = async (request: FastifyRequest) => {
      if (request.tenantChecked) return;
      const params = request.params as { organization_id?: unknown; dealership_id?: unknown };
      const organizationId = tenantIdOf(params.organization_id);
      const dealershipId = params.dealership_id === undefined ? undefined : tenantIdOf(params.dealership_id);
      const found = await lookUp(request, { organizationId, dealershipId });
      if (!found) throw unauthenticated();
      const user = found.user;
      request.user = user;
      if (organizationId === 0) throw notFound('Organization not found');
      if (user.role_id !== ROLE_PLATFORM_STAFF && organizationId !== user.organization_id)
        throw notFound('Organization not found');
      if (dealershipId === undefined) {
        if (!found.organizationExists) throw notFound('Organization not found');
      } else {
        if (dealershipId === 0 || !found.dealershipInOrganization) throw notFound('Dealership not found');
        if (
          user.role_id !== ROLE_PLATFORM_STAFF &&
          user.role_id !== ROLE_AGENCY_ADMIN &&
          !user.dealership_ids.includes(dealershipId)
        ) {
          throw notFound('Dealership not found');
        }
      }
      request.tenantChecked = true;
    };
    app.decorate('requireTenant', checkTenant);

    // Tenancy (issue 18 item 11): every route whose URL names `:organization_id` is a tenant route,
    // checked here — after the CSRF hook, before body parsing, validation and any handler query — so
    // an anonymous request answers 401 and another tenant's 404 whatever its input, and a route
    // added later is covered without asking.
    app.addHook('onRequest', async (request) => {
      if (isTenantRoute(request.routeOptions.url)) await checkTenant(request);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
