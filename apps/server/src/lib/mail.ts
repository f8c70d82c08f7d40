import fsp from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { mailboxPattern } from '@portal/contracts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Content-ID of an inline image the HTML shows as `cid:{cid}` (e.g. the agency's logo). */
  cid?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (multipart/alternative: clients show the HTML, the text part stays). */
  html?: string;
  /**
   * The agency the message speaks for (issue 20 §4): its sender name replaces the display name of
   * MAIL_FROM (the address stays the portal's, so SPF/DKIM hold) and its reply-to address becomes
   * `Reply-To`. A name with control characters is cleaned; a reply-to that is not one plain mailbox
   * is dropped.
   */
  sender?: { name?: string | null; replyTo?: string | null };
  attachments?: MailAttachment[];
  /**
   * A stable id of this message (letters, digits, `-`, `:`): it becomes the Message-ID
   * (`<id@campaign-portal>`, which mail systems use to drop a repeated message) and, in the outbox,
   * the file name (`{id}.eml`), so a message sent again replaces its file instead of adding one.
   */
  id?: string;
}

const messageId = (id: string) => `<${id}@campaign-portal>`;

/** A message the mailer refuses to send because a header value could change the message's headers. */
export class UnsafeMailHeaderError extends Error {}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/**
 * Header safety of every message (issue 18 item 8, ASVS 5.2.x/5.3.x header injection): the recipient
 * must be one plain ASCII mailbox (`mailboxPattern`: no display name, list, quotes, CR/LF) — else
 * UnsafeMailHeaderError — and is handed to nodemailer as an address object, so it is never parsed as
 * an address list; in the subject and attachment names every run of control characters (CR, LF, NUL,
 * line separators…) becomes one space, so no value can end its header line. Returns the message to send.
 */
export function safeHeaders<T extends Omit<MailMessage, 'id'>>(
  message: T,
): Omit<T, 'to'> & { to: { name: string; address: string } } {
  if (!mailboxPattern.test(message.to))
    throw new UnsafeMailHeaderError(`Refused recipient ${JSON.stringify(message.to)}: not one plain email address`);
  return {
    ...message,
    to: { name: '', address: message.to },
    subject: message.subject.replace(CONTROL, ' '),
    ...(message.attachments
      ? { attachments: message.attachments.map((a) => ({ ...a, filename: a.filename.replace(CONTROL, ' ') })) }
      : {}),
  };
}

/** The address of MAIL_FROM (`Name <a@b>` or `a@b`). */
export function fromAddress(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The From and Reply-To of a message: MAIL_FROM's address under the agency's sender name, if any. */
export function senderHeaders(from: string, sender: MailMessage['sender']) {
  const name = sender?.name?.replace(CONTROL, ' ').trim();
  const replyTo = sender?.replyTo && mailboxPattern.test(sender.replyTo) ? sender.replyTo : null;
  return {
    from: name ? { name, address: fromAddress(from) } : from,
    ...(replyTo ? { replyTo: { name: name ?? '', address: replyTo } } : {}),
  };
}

/** Sends email: SMTP when `SMTP_URL` is set, else writes `.eml` files into an outbox folder; both check `safeHeaders` first. */
export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * The mailer of the configuration (nodemailer). `smtpUrl` (smtp:// or smtps://, credentials in the
 * URL) sends through that server; without it every message is written as an RFC 822 `.eml` file into
 * `outboxDir` (the default on a fresh machine: DATA_DIR/outbox), which any mail client opens.
 */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send({ id, sender, ...message }) {
        await transport.sendMail({
          ...senderHeaders(options.from, sender),
          ...safeHeaders(message),
          ...(id ? { messageId: messageId(id) } : {}),
        });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send({ id, sender, ...message }) {
      const info = await transport.sendMail({
        ...senderHeaders(options.from, sender),
        ...safeHeaders(message),
        ...(id ? { messageId: messageId(id) } : {}),
      });
      await fsp.mkdir(options.outboxDir, { recursive: true });
      const name = id
        ? `${id.replace(/[^A-Za-z0-9-]/g, '-')}.eml`
        : `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(info.messageId).replace(/[^A-Za-z0-9]/g, '')}.eml`;
      await fsp.writeFile(path.join(options.outboxDir, name), info.message as Buffer);
    },
  };
}
