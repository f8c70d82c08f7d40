import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertComments, alerts } from '../../db/schema';

/** Marks an alert acknowledged by `userId` at `now` (again: keeps the first acknowledgement). */
export async function acknowledgeAlert(
  db: Db,
  { alertId, userId, now }: { alertId: number; userId: number; now: Date },
) {
  await db
    .update(alerts)
    .set({ acknowledgedAt: now, acknowledgedBy: userId })
    .where(and(eq(alerts.id, alertId), isNull(alerts.acknowledgedAt)));
}

/** Hides an alert through `until` (a calendar day; it shows again the day after). */
export async function snoozeAlert(db: Db, { alertId, until }: { alertId: number; until: string }) {
  await db.update(alerts).set({ snoozedUntil: until }).where(eq(alerts.id, alertId));
}

/** Adds a comment by `userId`. */
export async function commentAlert(
  db: Db,
  { alertId, userId, body }: { alertId: number; userId: number; body: string },
) {
  await db.insert(alertComments).values({ alertId, userId, body });
}

/** The condition key of a scheduled report's failed delivery (one open alert per schedule). */
const deliveryKey = (scheduleId: number) => `delivery_failed:schedule:${scheduleId}`;

/**
 * Opens (or refreshes) the alert of a scheduled report whose delivery failed its last retry (issue
 * 21 §5 → §3). Not a rule of the evaluation: it resolves when a later run of the schedule is sent
 * (`resolveDeliveryFailedAlert`).
 */
export async function raiseDeliveryFailedAlert(
  db: Db,
  input: {
    organizationId: number;
    dealershipId: number;
    scheduleId: number;
    runDate: string;
    recipient: string;
    reason: string;
    now: Date;
  },
) {
  const values = {
    metric: 'Scheduled report',
    message:
      `The scheduled report to ${input.recipient} of ${input.runDate} was not delivered after its retries: ${input.reason}`.slice(
        0,
        1000,
      ),
    reportFrom: input.runDate,
    reportTo: input.runDate,
    lastSeenAt: input.now,
  };
  await db
    .insert(alerts)
    .values({
      organizationId: input.organizationId,
      dealershipId: input.dealershipId,
      campaignId: null,
      rule: 'delivery_failed',
      conditionKey: deliveryKey(input.scheduleId),
      openedAt: input.now,
      ...values,
    })
    .onConflictDoUpdate({
      target: [alerts.organizationId, alerts.conditionKey],
      targetWhere: isNull(alerts.resolvedAt),
      set: values,
    });
}

/** Resolves the schedule's failed-delivery alert once a run of it is sent. */
export async function resolveDeliveryFailedAlert(
  db: Db,
  input: { organizationId: number; scheduleId: number; now: Date },
) {
  await db
    .update(alerts)
    .set({ resolvedAt: input.now })
    .where(
      and(
        eq(alerts.organizationId, input.organizationId),
        eq(alerts.conditionKey, deliveryKey(input.scheduleId)),
        isNull(alerts.resolvedAt),
      ),
    );
}
