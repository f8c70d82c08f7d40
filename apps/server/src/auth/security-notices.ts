import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../lib/mail';

/**
 * Tells an account's owner that sign-in to their account is being throttled (issue 18 item 7, ASVS
 * 2.2.3 "notify users of security events"): once per throttling episode (`recordLoginFailure` says
 * when), through the report mailer (SMTP, or an `.eml` in DATA_DIR/outbox). Not awaited by the
 * sign-in answer, so its timing says nothing about whether the account exists; a failure is logged.
 * The message id (`login-throttled-{userId}-{ms}`) is also the outbox file name.
 */
export function sendThrottleNotice(
  mailer: Mailer,
  log: FastifyBaseLogger,
  notice: {
    user: { id: number; email: string; name: string };
    client: string;
    at: Date;
    retryAfterSeconds: number;
    /** The agency's sender name and reply-to (issue 20 §4), looked up without delaying the answer. */
    sender?: Promise<MailMessage['sender']>;
  },
): void {
  const { user, client, at } = notice;
  const text = [
    `Hello ${user.name},`,
    '',
    `Several sign-ins to your campaign portal account (${user.email}) failed with a wrong password, the`,
    `latest from the address ${client} at ${at.toISOString().replace('T', ' ').slice(0, 19)} UTC.`,
    '',
    `Further attempts from that address are now delayed (the next in ${notice.retryAfterSeconds} s, longer after`,
    'each further failure). Your account is not locked: your password still works from your usual address.',
    '',
    'If this was you, wait a moment and try again. If it was not, someone may be guessing your password:',
    'ask the portal staff to change it.',
    '',
  ].join('\n');
  Promise.resolve(notice.sender)
    .catch(() => undefined)
    .then((sender) =>
      mailer.send({
        to: user.email,
        subject: 'Failed sign-ins to your campaign portal account',
        text,
        id: `login-throttled-${user.id}-${at.getTime()}`,
        ...(sender ? { sender } : {}),
      }),
    )
    .catch((error: unknown) =>
      log.error({ err: error, userId: user.id }, 'sign-in throttling notice could not be sent'),
    );
}
