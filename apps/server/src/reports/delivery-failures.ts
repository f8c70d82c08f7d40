import { eq } from 'drizzle-orm';
import { formatUsDate } from '../lib/csv';
import { reportDeliveries, users } from '../db/schema';
import type { App } from '../types';
import { raiseDeliveryFailedAlert } from '../repositories/alerts';
import { brandSender, loadBrandAssets } from '../repositories/branding';

/** What failed: the schedule, its owner and tenant, the run day, the recipient and the last attempt's reason. */
export interface DeliveryFailure {
  scheduleId: number;
  ownerUserId: number;
  organizationId: number;
  dealershipId: number;
  /** The run's local day (`YYYY-MM-DD` in the schedule's zone). */
  runDate: string;
  recipient: string;
  reason: string;
}

/**
 * Called once when a scheduled report's delivery failed its last retry (issue 21 §5: never silently
 * fail). For now it emails the schedule's owner through the report mailer (the outbox in
 * development), once per (schedule, run day): the key `schedule-{id}-{runDate}:owner-failure` is
 * recorded in `report_deliveries` like every report email's. It takes no report quota and checks no
 * recipient domain: it goes to the owner, a user of the portal, about their own schedule. A
 * deactivated owner is not written to. It also opens a "Scheduled report failed" alert of the
 * schedule's dealership in the alert centre (issue 21 §3), resolved when a later run is sent. Never
 * throws: a notice that cannot go out is logged.
 */
export async function onDeliveryFailedFinally(app: App, failure: DeliveryFailure): Promise<void> {
  const key = `schedule-${failure.scheduleId}-${failure.runDate}:owner-failure`;
  try {
    await raiseDeliveryFailedAlert(app.db, { ...failure, now: app.clock() });
  } catch (error) {
    app.log.error({ err: error, ...failure }, 'the failed delivery alert could not be raised');
  }
  try {
    const [owner] = await app.db
      .select({ email: users.email, name: users.name, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(users.id, failure.ownerUserId));
    if (!owner || owner.deactivatedAt) {
      app.log.warn({ ...failure }, 'scheduled report failed; its owner is gone and gets no notice');
      return;
    }
    const [done] = await app.db
      .select({ key: reportDeliveries.key })
      .from(reportDeliveries)
      .where(eq(reportDeliveries.key, key));
    if (done) return;
    await app.reports.mailer.send({
      id: key,
      to: owner.email,
      // The agency's sender name and reply-to (issue 20 §4).
      sender: brandSender(await loadBrandAssets(app.db, undefined, { organizationId: failure.organizationId })),
      subject: 'Your scheduled report could not be delivered',
      text:
        `Hello ${owner.name},\n\nYour scheduled report of ${formatUsDate(failure.runDate)} to ${failure.recipient} ` +
        `could not be delivered after several attempts.\n\nReason: ${failure.reason}\n\n` +
        `Fix the cause, then use "Send now" in the Scheduled reports list, or wait for the next run.\n`,
    });
    await app.db.insert(reportDeliveries).values({ key }).onConflictDoNothing();
  } catch (error) {
    app.log.error({ err: error, ...failure }, 'the failure notice of a scheduled report could not be sent');
  }
}
