import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorResponseSchema, loginBodySchema, signedInSchema } from '@portal/contracts';
import { ApiError } from '../../../lib/errors';
import {
  clearLoginFailures,
  createSession,
  deleteSession,
  findSessionUser,
  lockedUntil,
  recordLoginFailure,
  verifyCredentials,
} from '../../../plugins/app/auth-repository';
import { csrfTokenFor, SESSION_COOKIE, sessionToken } from '../../../plugins/app/auth';

/**
 * Sign-in and sign-out (issue 2 §5, docs/security.md). The session cookie is HttpOnly,
 * SameSite=Lax, signed, and Secure when the request came over TLS; sign-in is rate-limited per
 * client address, and a new session (new id) replaces the browser's previous one. Both answers
 * that name the user carry the session's CSRF token.
 */
const auth: FastifyPluginAsyncZod<{ sessionTtlHours: number; loginRateLimit: number; sessionSecret: string }> = async (
  app,
  options,
) => {
  /**
   * `POST /api/auth/login` `{ email, password }` → 200 `{ …Me, csrf_token }` and a new session
   * cookie (the request's previous session is deleted); 401 on a wrong pair; 429 with Retry-After
   * when the address is rate-limited or locked (5 failures → 1 min, doubling up to 1 h);
   * 403 CSRF_FAILED from another site. No CSRF token is needed (there is no session yet).
   */
  app.post(
    '/api/auth/login',
    {
      config: { csrf: false, rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: signedInSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const now = app.clock();
      const locked = await lockedUntil(app.db, request.body.email, now);
      if (locked) {
        const seconds = Math.ceil((locked.getTime() - now.getTime()) / 1000);
        reply.header('retry-after', String(seconds));
        throw new ApiError(429, 'RATE_LIMITED', `Too many failed sign-ins; try again in ${seconds} s`);
      }
      const userId = await verifyCredentials(app.db, request.body.email, request.body.password);
      if (userId === null) {
        await recordLoginFailure(app.db, request.body.email, now);
        throw new ApiError(401, 'UNAUTHENTICATED', 'Invalid email or password');
      }
      await clearLoginFailures(app.db, request.body.email);
      const previous = sessionToken(request);
      if (previous) await deleteSession(app.db, previous);
      const session = await createSession(app.db, userId, options.sessionTtlHours);
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        signed: true,
        expires: session.expiresAt,
      });
      const me = await findSessionUser(app.db, session.token);
      return { ...me!, csrf_token: csrfTokenFor(options.sessionSecret, session.token) };
    },
  );

  /**
   * `POST /api/auth/logout` → 204; the session is deleted on the server (its cookie no longer works
   * anywhere) and the cookie cleared. Refused from another site like every state-changing call, but
   * needs no CSRF token, so an expired page can always sign out.
   */
  app.post(
    '/api/auth/logout',
    {
      config: { csrf: false },
      schema: { tags: ['auth'], summary: 'Sign out', response: { 204: z.null(), 403: errorResponseSchema } },
    },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await deleteSession(app.db, token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );

  /** `GET /api/me` → `{ id, email, name, organization_id, dealership_ids, role_id, csrf_token }`; 401 without a session. */
  app.get(
    '/api/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: signedInSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({
      ...request.user!,
      csrf_token: csrfTokenFor(options.sessionSecret, sessionToken(request)!),
    }),
  );
};
export default auth;
