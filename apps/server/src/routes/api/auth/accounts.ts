import { userMessages, userOperations } from '@portal/contracts';
import type { RouteModule } from '../../route-module';
import { registerOperation } from '../../register';
import { ApiError, notFound } from '../../../lib/errors';
import { noteAudit } from '../../../plugins/app/audit';
import { passwordProblem } from '../../../accounts/password-policy';
import { accountEmailId, accountLink } from '../../../accounts/links';
import { brandAccountEmail } from '../../../repositories/branding';
import { passwordChangedEmail, passwordResetEmail, sendInBackground } from '../../../accounts/account-emails';
import { createSession, deleteSession, findSessionUser, hashPassword } from '../../../repositories/auth';
import {
  acceptInvitation,
  createPasswordResetToken,
  findActiveUserByEmail,
  findInvitationByToken,
  findResetTokenUser,
  invitationStatus,
  resetPasswordWithToken,
  unusableInvitation,
} from '../../../repositories/users';
import { csrfTokenFor, SESSION_COOKIE, sessionToken } from '../../../plugins/app/auth';

/** 400 at `password` with the policy's reason (issue 23 §2, ASVS 2.1.1, 2.1.7). */
function refusePassword(problem: string): ApiError {
  return new ApiError(400, 'VALIDATION_FAILED', problem, [{ path: 'body.password', message: problem }]);
}

/**
 * The routes of emailed links (issue 23 §2, docs/users.md): invitations and password reset. No
 * session is needed: the link's token (32 random bytes, sent in the JSON body, never in a URL) is the
 * credential. Cross-site requests are refused like every state-changing call; each is rate-limited
 * per client address like sign-in (`LOGIN_RATE_LIMIT` a minute).
 */
const accountRoutes: RouteModule = async (app, options) => {
  const rateLimit = { max: options.loginRateLimit, timeWindow: '1 minute' };

  /**
   * `POST /api/auth/invitation` `{ token }` → `{ email, name, organization_name, role_id, expires_at }`
   * of a pending invitation; 404 with the reason (not valid, expired, already used) otherwise.
   */
  registerOperation(
    app,
    userOperations.getInvitation,
    async (request) => {
      const found = await findInvitationByToken(app.db, { token: request.body.token });
      if (!found) throw unusableInvitation('unknown');
      const status = invitationStatus(found.row, app.clock());
      if (status !== 'pending') throw unusableInvitation(status);
      return {
        email: found.row.email,
        name: found.row.name,
        organization_name: found.organizationName,
        role_id: found.row.roleId,
        expires_at: found.row.expiresAt.toISOString(),
      };
    },
    { rateLimit },
  );

  /**
   * `POST /api/auth/invitation/accept` `{ token, password, name? }` → 200 `{ …Me, csrf_token }` and a
   * session cookie: the account is created with the invitation's agency, role and dealerships and
   * the invitee is signed in. The token works once (404 afterwards, and when expired or revoked);
   * 400 at `password` under 12 characters or when the password is breached or easy to guess; 409
   * when the email has an account already.
   */
  registerOperation(
    app,
    userOperations.acceptInvitation,
    async (request, reply) => {
      const now = app.clock();
      const found = await findInvitationByToken(app.db, { token: request.body.token });
      if (!found) throw unusableInvitation('unknown');
      const status = invitationStatus(found.row, now);
      if (status !== 'pending') throw unusableInvitation(status);
      const problem = passwordProblem(request.body.password, [found.row.email, request.body.name ?? found.row.name]);
      if (problem) throw refusePassword(problem);
      const accepted = await acceptInvitation(app.db, {
        token: request.body.token,
        passwordHash: await hashPassword(request.body.password),
        name: request.body.name,
        now,
      });
      noteAudit(request, {
        user: { id: accepted.userId, email: accepted.email },
        organizationId: accepted.organizationId,
        target: `invitation ${found.row.id} (${accepted.email})`,
        summary: `Accepted the invitation and set a password; user ${accepted.userId} created`,
      });
      const previous = sessionToken(request);
      if (previous) await deleteSession(app.db, { token: previous });
      const session = await createSession(app.db, { userId: accepted.userId, ttlHours: options.sessionTtlHours });
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        signed: true,
        expires: session.expiresAt,
      });
      const me = await findSessionUser(app.db, { token: session.token });
      return { ...me!, csrf_token: csrfTokenFor(options.sessionSecret, session.token) };
    },
    { rateLimit },
  );

  /**
   * `POST /api/auth/password-reset/request` `{ email }` → 202 `{ message }`, the same answer whether or
   * not an active account has the address (ASVS 2.5, OWASP Forgot Password). When one has, a link
   * valid 30 minutes is emailed — not awaited, so the answer's timing does not tell either.
   */
  registerOperation(
    app,
    userOperations.requestPasswordReset,
    async (request, reply) => {
      const now = app.clock();
      const user = await findActiveUserByEmail(app.db, { email: request.body.email });
      if (user) {
        const { token, expiresAt } = await createPasswordResetToken(app.db, { userId: user.id, now });
        sendInBackground(
          app.reports.mailer,
          request.log,
          brandAccountEmail(
            app.db,
            user.organizationId,
            passwordResetEmail({
              to: user.email,
              name: user.name,
              organizationName: user.organizationName,
              url: accountLink(app, 'reset-password', token),
              expiresAt,
            }),
          ),
          accountEmailId('password-reset', user.id),
        );
      }
      // Recorded in the account's agency when there is one; the requester is anonymous either way.
      noteAudit(request, {
        organizationId: user?.organizationId ?? null,
        target: `email ${request.body.email}`,
        summary: user ? 'A password reset link was emailed' : 'No active account has this address: nothing was sent',
      });
      return reply.code(202).send({ message: userMessages.resetRequested });
    },
    { rateLimit },
  );

  /**
   * `POST /api/auth/password-reset/check` `{ token }` → 200 `{ email, expires_at }` (UTC, ISO 8601) while
   * the link can be used; 404 with `resetInvalid` when it is unknown, used, expired or its user is
   * deactivated. The reset page asks before showing its form, so a used link says so at once.
   */
  registerOperation(
    app,
    userOperations.checkPasswordReset,
    async (request) => {
      const owner = await findResetTokenUser(app.db, { token: request.body.token, now: app.clock() });
      if (!owner) throw notFound(userMessages.resetInvalid);
      return { email: owner.email, expires_at: owner.expiresAt.toISOString() };
    },
    { rateLimit },
  );

  /**
   * `POST /api/auth/password-reset` `{ token, password }` → 204: the password is replaced, the token
   * and every other reset token of the user stop working, every session of the user ends, and the
   * user is emailed that the password changed. 404 for an unknown, used or expired token (or a
   * deactivated user); 400 at `password` under 12 characters, breached or easy to guess.
   */
  registerOperation(
    app,
    userOperations.resetPassword,
    async (request, reply) => {
      const now = app.clock();
      const owner = await findResetTokenUser(app.db, { token: request.body.token, now });
      if (!owner) throw notFound(userMessages.resetInvalid);
      const problem = passwordProblem(request.body.password, [owner.email, owner.name]);
      if (problem) throw refusePassword(problem);
      const user = await resetPasswordWithToken(app.db, {
        token: request.body.token,
        passwordHash: await hashPassword(request.body.password),
        now,
      });
      if (!user) throw notFound(userMessages.resetInvalid);
      noteAudit(request, {
        user: { id: user.id, email: user.email },
        organizationId: user.organizationId,
        target: `user ${user.id} (${user.email})`,
        summary: 'Set a new password from a reset link; every session ended',
      });
      sendInBackground(
        app.reports.mailer,
        request.log,
        brandAccountEmail(
          app.db,
          user.organizationId,
          passwordChangedEmail({ to: user.email, name: user.name, organizationName: null, at: now }),
        ),
        accountEmailId('password-changed', user.id),
      );
      // This browser's session (if any) was among those deleted: clear its cookie too.
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
    { rateLimit },
  );
};
export default accountRoutes;
