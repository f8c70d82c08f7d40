import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorResponseSchema, loginBodySchema, meSchema } from '@portal/contracts';
import { ApiError } from '../../../lib/errors';
import { createSession, deleteSession, findSessionUser, verifyCredentials } from '../../../plugins/app/auth-repository';
import { SESSION_COOKIE, sessionToken } from '../../../plugins/app/auth';

/**
 * Sign-in and sign-out (issue 2 §5). The session cookie is HttpOnly, SameSite=Lax, signed, and
 * Secure when the request came over TLS; sign-in is rate-limited per client address.
 */
const auth: FastifyPluginAsyncZod<{ sessionTtlHours: number; loginRateLimit: number }> = async (app, options) => {
  /** `POST /api/auth/login` `{ email, password }` → 200 Me and a session cookie; 401 on a wrong pair; 429 when rate-limited. */
  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: meSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = await verifyCredentials(app.db, request.body.email, request.body.password);
      if (userId === null) throw new ApiError(401, 'UNAUTHENTICATED', 'Invalid email or password');
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
      return me!;
    },
  );

  /** `POST /api/auth/logout` → 204; the session is deleted on the server and the cookie cleared. */
  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'Sign out', response: { 204: z.null() } } },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await deleteSession(app.db, token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );

  /** `GET /api/me` → `{ id, email, name, organization_id, dealership_ids, role_id }`; 401 without a session. */
  app.get(
    '/api/me',
    {
      preHandler: app.requireUser,
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: meSchema, 401: errorResponseSchema } },
    },
    async (request) => request.user!,
  );
};
export default auth;
