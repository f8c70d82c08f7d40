import type { FastifyBaseLogger } from 'fastify';
import { formatDateTime } from '@portal/contracts';
import type { Mailer, MailMessage } from '../lib/mail';

/**
 * Emails about accounts (issue 23 §2): invitations, password reset links and the notice that a
 * password changed, sent through the report mailer (SMTP when SMTP_URL is set, else `.eml` files in
 * DATA_DIR/outbox). Every message is laid out by `accountEmail`, one plain-text template with the
 * agency's name as its brand (`brand`): issue 20's white-label branding can extend it in one place.
 */

/** What an account email says: a greeting, paragraphs, one link with its label, and a closing note. */
export interface AccountEmail {
  /** The agency the email speaks for (the sender line and signature); the portal's name when null. */
  brand: string | null;
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  closing?: string;
  /** The agency's sender name and reply-to (issue 20 §4); the portal's From when absent. */
  sender?: MailMessage['sender'];
}

/** The plain-text body of an account email. */
export function accountEmailText(email: AccountEmail): string {
  const signature = email.brand ? `${email.brand} — Campaign Portal` : 'Campaign Portal';
  return [
    email.greeting,
    '',
    ...email.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(email.action ? [`${email.action.label}:`, email.action.url, ''] : []),
    ...(email.closing ? [email.closing, ''] : []),
    signature,
    '',
  ].join('\n');
}

/** Sends an account email; `id` becomes its Message-ID and outbox file name (letters, digits, `-`). */
export async function sendAccountEmail(mailer: Mailer, email: AccountEmail, id: string): Promise<void> {
  await mailer.send({
    to: email.to,
    subject: email.subject,
    text: accountEmailText(email),
    id,
    ...(email.sender ? { sender: email.sender } : {}),
  });
}

const roleNames: Record<number, string> = { 2: 'agency administrator', 3: 'dealership user' };

/** The invitation email: who invites, to which agency, the link and when it expires (UTC). */
export function invitationEmail(input: {
  to: string;
  name: string;
  organizationName: string;
  inviterName: string | null;
  roleId: number;
  url: string;
  expiresAt: Date;
}): AccountEmail {
  return {
    brand: input.organizationName,
    to: input.to,
    subject: `You are invited to ${input.organizationName} on the Campaign Portal`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `${input.inviterName ?? 'An administrator'} invited you to the Campaign Portal of ${input.organizationName} as ${
        roleNames[input.roleId] ?? 'a user'
      }.`,
      `Open the link below to choose your password. It works once, until ${formatDateTime(input.expiresAt, 'UTC')} UTC.`,
    ],
    action: { label: 'Accept the invitation', url: input.url },
    closing: 'If you did not expect this invitation, you can ignore this email.',
  };
}

/** The password reset email (30-minute link). */
export function passwordResetEmail(input: {
  to: string;
  name: string;
  organizationName: string | null;
  url: string;
  expiresAt: Date;
}): AccountEmail {
  return {
    brand: input.organizationName,
    to: input.to,
    subject: 'Reset your Campaign Portal password',
    greeting: `Hello ${input.name},`,
    paragraphs: [
      'Someone asked to reset the password of your Campaign Portal account.',
      `Open the link below to choose a new one. It works once, until ${formatDateTime(input.expiresAt, 'UTC')} UTC (30 minutes).`,
    ],
    action: { label: 'Choose a new password', url: input.url },
    closing: 'If you did not ask for this, ignore this email: your password stays as it is.',
  };
}

/** The notice that a password changed (ASVS 2.2.3, 2.5.x): every session has ended. */
export function passwordChangedEmail(input: {
  to: string;
  name: string;
  organizationName: string | null;
  at: Date;
}): AccountEmail {
  return {
    brand: input.organizationName,
    to: input.to,
    subject: 'Your Campaign Portal password was changed',
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `The password of your Campaign Portal account was changed at ${formatDateTime(input.at, 'UTC')} UTC, and every signed-in session ended.`,
      'If this was not you, ask for a password reset from the sign-in page at once and tell your administrator.',
    ],
  };
}

/** Sends without making the caller wait or fail (its timing reveals nothing); a failure is logged. */
export function sendInBackground(
  mailer: Mailer,
  log: FastifyBaseLogger,
  email: AccountEmail | Promise<AccountEmail>,
  id: string,
): void {
  Promise.resolve(email)
    .then((ready) => sendAccountEmail(mailer, ready, id))
    .catch((error: unknown) => log.error({ err: error, emailId: id }, 'account email could not be sent'));
}
