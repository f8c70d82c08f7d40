import fsp from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /**
   * A stable id of this message (letters, digits, `-`, `:`): it becomes the Message-ID
   * (`<id@campaign-portal>`, which mail systems use to drop a repeated message) and, in the outbox,
   * the file name (`{id}.eml`), so a message sent again replaces its file instead of adding one.
   */
  id?: string;
}

const messageId = (id: string) => `<${id}@campaign-portal>`;

/** Sends email: SMTP when `SMTP_URL` is set, else writes `.eml` files into an outbox folder. */
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
      async send({ id, ...message }) {
        await transport.sendMail({ from: options.from, ...message, ...(id ? { messageId: messageId(id) } : {}) });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send({ id, ...message }) {
      const info = await transport.sendMail({
        from: options.from,
        ...message,
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
