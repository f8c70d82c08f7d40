import { eq } from 'drizzle-orm';
import type { App } from '../../../app';
import { reportDeliveries } from '../../../db/schema';
import type { MailMessage } from '../../../lib/mail';

/**
 * Sends a report email at most once per delivery `key` (`{jobId}:report`, `{jobId}:failure`; letters,
 * digits, `-` and `:`): a key already recorded in `report_deliveries` is skipped, otherwise the
 * message is sent with the key as its id (Message-ID and outbox file name, lib/mail.ts) and the key
 * recorded. A job that pg-boss hands out again — its process was killed after the email went out —
 * therefore does not email twice. The one window left is a process dying between the SMTP server's
 * acceptance and the insert: the repeat carries the same Message-ID (docs/reliability.md).
 * Returns whether the message was sent now.
 */
export async function sendReportOnce(app: App, key: string, message: Omit<MailMessage, 'id'>): Promise<boolean> {
  const [sent] = await app.db
    .select({ key: reportDeliveries.key })
    .from(reportDeliveries)
    .where(eq(reportDeliveries.key, key));
  if (sent) {
    app.log.info({ key }, 'report email already sent by an earlier attempt of this job');
    return false;
  }
  await app.reports.mailer.send({ ...message, id: key });
  await app.db.insert(reportDeliveries).values({ key }).onConflictDoNothing();
  return true;
}
