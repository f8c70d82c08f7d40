import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { App } from '../types';
import { invitationEmail, sendAccountEmail } from './account-emails';
import { ApiError } from '../lib/errors';
import { brandAccountEmail } from '../repositories/branding';

/**
 * The web pages emailed links open (issue 23 §2). The token rides in the fragment (`#token=…`),
 * which browsers never send to a server, so it appears in no request line, proxy log or Referer;
 * the page posts it in a JSON body. The base is the configured public URL, never the Host header.
 */
export function accountLink(app: App, page: 'accept-invitation' | 'reset-password', token: string): string {
  return `${app.accounts.publicUrl.replace(/\/+$/, '')}/${page}#token=${token}`;
}

/** A unique outbox file name / Message-ID for an account email (`{kind}-{id}-{random}`). */
export const accountEmailId = (kind: string, id: number) => `${kind}-${id}-${crypto.randomUUID()}`;

/**
 * Emails an invitation's link and waits for the mailer: 503 SERVICE_UNAVAILABLE when it failed
 * (the invitation is kept; "send again" retries with a new link).
 */
export async function emailInvitation(
  app: App,
  request: FastifyRequest,
  input: {
    invitation: { id: number; email: string; name: string; role_id: number; expires_at: string };
    token: string;
    organizationName: string;
    inviterName: string | null;
    /** The agency invited to: the email takes its brand (issue 20 §4). */
    organizationId?: number;
  },
): Promise<void> {
  const { invitation } = input;
  try {
    await sendAccountEmail(
      app.reports.mailer,
      await brandAccountEmail(
        app.db,
        input.organizationId,
        invitationEmail({
          to: invitation.email,
          name: invitation.name,
          organizationName: input.organizationName,
          inviterName: input.inviterName,
          roleId: invitation.role_id,
          url: accountLink(app, 'accept-invitation', input.token),
          expiresAt: new Date(invitation.expires_at),
        }),
      ),
      accountEmailId('invitation', invitation.id),
    );
  } catch (error) {
    request.log.error({ err: error, invitationId: invitation.id }, 'invitation email could not be sent');
    throw new ApiError(
      503,
      'SERVICE_UNAVAILABLE',
      'The invitation is saved but its email could not be sent. Try “Send again” in a moment.',
    );
  }
}
