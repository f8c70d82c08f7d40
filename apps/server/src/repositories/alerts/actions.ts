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
