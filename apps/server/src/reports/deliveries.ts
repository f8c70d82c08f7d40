import { eq } from 'drizzle-orm';
import { emailDomainMessages } from '@portal/contracts';
import type { App } from '../types';
import { reportDeliveries } from '../db/schema';
import type { MailMessage } from '../lib/mail';
import { takeReportQuota } from '../repositories/reports/quotas';
import { isAllowedRecipient, type ReportTenant } from '../repositories/reports/recipients';

/** Who a report email is sent for: the tenant its content is about and the user it counts against (null: unknown). */
export interface ReportSender extends ReportTenant {
  userId: number | null;
}

/**
 * Sends a report email at most once per delivery `key` (`{jobId}:report`, `{jobId}:failure`; letters,
 * digits, `-` and `:`): a key already recorded in `report_deliveries` is skipped, otherwise the
 * message is sent with the key as its id (Message-ID and outbox file name, lib/mail.ts) and the key
 * recorded. A job that pg-boss hands out again — its process was killed after the email went out —
 * therefore does not email twice. The one window left is a process dying between the SMTP server's
 * acceptance and the insert: the repeat carries the same Message-ID (docs/reliability.md).
 *
 * Every report email goes through here, and here it is checked (issue 18 item 8, docs/reports.md),
 * whatever route or schedule asked for it: the recipient must be allowed for the tenant
 * (`isAllowedRecipient`: a user who may open the dealership, or a domain the agency allows), and the
 * hourly email limits of the user and the organization must not be spent (`takeReportQuota`). A
 * refusal throws (the job fails and retries later; a recipient refused stays refused).
 * Returns whether the message was sent now.
 */
export async function sendReportOnce(
  app: App,
  { key, message, sender }: { key: string; message: Omit<MailMessage, 'id'>; sender: ReportSender },
): Promise<boolean> {
  const [sent] = await app.db
    .select({ key: reportDeliveries.key })
    .from(reportDeliveries)
    .where(eq(reportDeliveries.key, key));
  if (sent) {
    app.log.info({ key }, 'report email already sent by an earlier attempt of this job');
    return false;
  }
  if (!(await isAllowedRecipient(app.db, { tenant: sender, email: message.to })))
    throw new Error(
      `The report was not sent to ${JSON.stringify(message.to)}: ${emailDomainMessages.recipientRefused}`,
    );
  const quota = await takeReportQuota(app.db, {
    kind: 'email',
    organizationId: sender.organizationId,
    userId: sender.userId,
    now: app.clock(),
    limits: app.reportLimits,
  });
  if (!quota.ok)
    throw new Error(
      `The hourly report email limit of the ${quota.scope} is reached; retry in ${quota.retryAfterSeconds} s`,
    );
  await app.reports.mailer.send({ ...message, id: key });
  await app.db.insert(reportDeliveries).values({ key }).onConflictDoNothing();
  return true;
}
