import type { RouteModule } from '../../route-module';
import { authOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import { ApiError } from '../../../lib/errors';
import { createSession, deleteSession, findSessionUser, verifyCredentials } from '../../../repositories/auth';
import {
  clearLoginFailures,
  clientKey,
  findUserByEmail,
  recordLoginFailure,
  throttledUntil,
} from '../../../auth/login-throttle';
import { sendThrottleNotice } from '../../../auth/security-notices';
import { brandSender, loadBrandAssets } from '../../../repositories/branding';
import { csrfTokenFor, SESSION_COOKIE, sessionToken } from '../../../plugins/app/auth';
import { noteAudit } from '../../../plugins/app/audit';

/**
 * Sign-in and sign-out (issue 2 §5, docs/security.md). The session cookie is HttpOnly,
 * SameSite=Lax, signed, and Secure when the request came over TLS; sign-in is rate-limited per
 * client address and throttled per (email, client address) (`auth/login-throttle.ts`), and a
 * new session (new id) replaces the browser's previous one. Both answers that name the user carry
 * the session's CSRF token.
 */
const auth: RouteModule = async (app, options) => {
  /**
   * `POST /api/auth/login` `{ email, password }` → 200 `{ …Me, csrf_token }` and a new session
   * cookie (the request's previous session is deleted); 401 on a wrong pair; 429 RATE_LIMITED with
   * Retry-After (seconds) when the client address is rate-limited (`LOGIN_RATE_LIMIT` a minute) or
   * slowed for this email (issue 18 item 7: from the 5th failure of this email from this address —
   * the 1st once the account has 50 failures from all addresses — 1 min, doubling with each further
   * failure, at most 1 h; other addresses are not affected; the owner is emailed once per episode);
   * 403 CSRF_FAILED from another site. No CSRF token is needed (there is no session yet).
   */
  registerOperation(
    app,
    authOperations.login,
    async (request, reply) => {
      const now = app.clock();
      const { email, password } = request.body;
      const client = clientKey(request.ip);
      const slowed = (until: Date) => {
        const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
        reply.header('retry-after', String(seconds));
        return new ApiError(429, 'RATE_LIMITED', `Too many failed sign-ins; try again in ${seconds} s`);
      };
      const locked = await throttledUntil(app.db, { email, client, now });
      if (locked) throw slowed(locked);
      const userId = await verifyCredentials(app.db, { email, password });
      if (userId === null) {
        const outcome = await recordLoginFailure(app.db, { email, client, now, rule: options.throttle });
        if (outcome.notifyOwner) {
          const user = await findUserByEmail(app.db, { email });
          if (user)
            sendThrottleNotice(app.reports.mailer, request.log, {
              user,
              client,
              at: now,
              retryAfterSeconds: Math.ceil((outcome.lockedUntil!.getTime() - now.getTime()) / 1000),
              sender: loadBrandAssets(app.db, undefined, { organizationId: user.organizationId }).then(brandSender),
            });
        }
        noteAudit(request, { target: `email ${email}`, summary: 'Sign-in refused: wrong email or password' });
        throw new ApiError(401, 'UNAUTHENTICATED', 'Invalid email or password');
      }
      await clearLoginFailures(app.db, { email, client });
      const previous = sessionToken(request);
      if (previous) await deleteSession(app.db, { token: previous });
      const session = await createSession(app.db, { userId, ttlHours: options.sessionTtlHours });
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        signed: true,
        expires: session.expiresAt,
      });
      const me = await findSessionUser(app.db, { token: session.token });
      noteAudit(request, {
        user: { id: me!.id, email: me!.email },
        organizationId: me!.organization_id,
        summary: 'Signed in',
      });
      return { ...me!, csrf_token: csrfTokenFor(options.sessionSecret, session.token) };
    },
    { rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } },
  );

  /**
   * `POST /api/auth/logout` → 204; the session is deleted on the server (its cookie no longer works
   * anywhere) and the cookie cleared. Refused from another site like every state-changing call, but
   * needs no CSRF token, so an expired page can always sign out.
   */
  registerOperation(app, authOperations.logout, async (request, reply) => {
    const token = sessionToken(request);
    if (token) {
      const me = await findSessionUser(app.db, { token });
      if (me)
        noteAudit(request, {
          user: { id: me.id, email: me.email },
          organizationId: me.organization_id,
          summary: 'Signed out',
        });
      await deleteSession(app.db, { token });
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send(null);
  });

  /** `GET /api/me` → `{ id, email, name, organization_id, dealership_ids, role_id, csrf_token }`; 401 without a session. */
  registerOperation(app, authOperations.getMe, async (request) => ({
    ...request.user!,
    csrf_token: csrfTokenFor(options.sessionSecret, sessionToken(request)!),
  }));
};
export default auth;
