import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { REPORT_DELIVERY_LOG_LIMIT, type ReportDelivery } from '@portal/contracts';
import type { Db } from '../../db/client';
import { reportScheduleDeliveries, reportSchedules } from '../../db/schema';

/**
 * The delivery log of scheduled reports (issue 21 §5, docs/reports.md): a row per run day and
 * recipient in `report_schedule_deliveries`, written when the run is claimed (`queued`), at each
 * attempt (`attempts`, `last_attempt_at`, the attempt's error while it retries) and at the end
 * (`sent`, or `failed` with the reason after the last retry).
 */

/** Logs the run of a day as queued for the schedule's current recipient (once: a second call changes nothing). */
export async function logDeliveryQueued(db: Db, params: { scheduleId: number; runDate: string; at: Date }) {
  const [schedule] = await db
    .select({
      organizationId: reportSchedules.organizationId,
      dealershipId: reportSchedules.dealershipId,
      email: reportSchedules.email,
    })
    .from(reportSchedules)
    .where(eq(reportSchedules.id, params.scheduleId));
  if (!schedule) return;
  await db
    .insert(reportScheduleDeliveries)
    .values({
      scheduleId: params.scheduleId,
      organizationId: schedule.organizationId,
      dealershipId: schedule.dealershipId,
      runDate: params.runDate,
      recipient: schedule.email,
      queuedAt: params.at,
    })
    .onConflictDoNothing();
}

/**
 * Counts an attempt to deliver a run to `recipient` (the schedule's recipient when the job runs: a
 * row queued for a recipient edited away since is dropped, as nothing will go to them).
 */
export async function logDeliveryAttempt(
  db: Db,
  params: {
    scheduleId: number;
    organizationId: number;
    dealershipId: number;
    runDate: string;
    recipient: string;
    at: Date;
  },
) {
  await db
    .delete(reportScheduleDeliveries)
    .where(
      and(
        eq(reportScheduleDeliveries.scheduleId, params.scheduleId),
        eq(reportScheduleDeliveries.runDate, params.runDate),
        eq(reportScheduleDeliveries.status, 'queued'),
        ne(reportScheduleDeliveries.recipient, params.recipient),
      ),
    );
  await db
    .insert(reportScheduleDeliveries)
    .values({
      scheduleId: params.scheduleId,
      organizationId: params.organizationId,
      dealershipId: params.dealershipId,
      runDate: params.runDate,
      recipient: params.recipient,
      attempts: 1,
      queuedAt: params.at,
      lastAttemptAt: params.at,
    })
    .onConflictDoUpdate({
      target: [
        reportScheduleDeliveries.scheduleId,
        reportScheduleDeliveries.runDate,
        reportScheduleDeliveries.recipient,
      ],
      set: { attempts: sql`${reportScheduleDeliveries.attempts} + 1`, lastAttemptAt: params.at },
    });
}

/**
 * Records how an attempt ended: `sent`, `failed` (the last retry failed; final) or, with `status`
 * `queued`, a failed attempt that pg-boss retries (its error is kept until the next outcome).
 */
export async function logDeliveryOutcome(
  db: Db,
  params: {
    scheduleId: number;
    runDate: string;
    recipient: string;
    status: 'queued' | 'sent' | 'failed';
    error?: string;
    at: Date;
  },
) {
  await db
    .update(reportScheduleDeliveries)
    .set({
      status: params.status,
      error: params.error ?? null,
      finishedAt: params.status === 'queued' ? null : params.at,
    })
    .where(
      and(
        eq(reportScheduleDeliveries.scheduleId, params.scheduleId),
        eq(reportScheduleDeliveries.runDate, params.runDate),
        eq(reportScheduleDeliveries.recipient, params.recipient),
      ),
    );
}

type DeliveryRow = typeof reportScheduleDeliveries.$inferSelect;

function toDelivery(row: DeliveryRow): ReportDelivery {
  return {
    run_date: row.runDate,
    recipient: row.recipient,
    status: row.status as ReportDelivery['status'],
    attempts: row.attempts,
    error: row.error,
    queued_at: row.queuedAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The delivery log of one schedule of a dealership, newest first (run day, then time queued), at most
 * `REPORT_DELIVERY_LOG_LIMIT` rows. The caller has checked that the schedule is the user's.
 */
export async function listDeliveries(db: Db, params: { dealershipId: number; scheduleId: number }) {
  const rows = await db
    .select()
    .from(reportScheduleDeliveries)
    .where(
      and(
        eq(reportScheduleDeliveries.scheduleId, params.scheduleId),
        eq(reportScheduleDeliveries.dealershipId, params.dealershipId),
      ),
    )
    .orderBy(
      desc(reportScheduleDeliveries.runDate),
      desc(reportScheduleDeliveries.queuedAt),
      desc(reportScheduleDeliveries.id),
    )
    .limit(REPORT_DELIVERY_LOG_LIMIT);
  return rows.map(toDelivery);
}

/** The newest delivery of each schedule (by run day, then time queued), keyed by schedule id. */
export async function lastDeliveries(db: Db, scheduleIds: number[]): Promise<Map<number, ReportDelivery>> {
  if (scheduleIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([reportScheduleDeliveries.scheduleId])
    .from(reportScheduleDeliveries)
    .where(inArray(reportScheduleDeliveries.scheduleId, scheduleIds))
    .orderBy(
      reportScheduleDeliveries.scheduleId,
      desc(reportScheduleDeliveries.runDate),
      desc(reportScheduleDeliveries.queuedAt),
      desc(reportScheduleDeliveries.id),
    );
  return new Map(rows.map((row) => [row.scheduleId, toDelivery(row)]));
}
