import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ParsedReportRequest, RecurringType, ReportSchedule } from '@portal/contracts';
import type { Db } from '../../../db/client';
import { organizations, reportScheduleRuns, reportSchedules } from '../../../db/schema';
import { localDate } from '../../../lib/dates';
import { latestDueDate, nextDueDate } from '../../../lib/schedule-dates';

export type ScheduleRecord = typeof reportSchedules.$inferSelect;

/** Stores a recurring report; runs are due from `startsOn` (the organization-local day it was created). */
export async function createSchedule(
  db: Db,
  params: {
    organizationId: number;
    dealershipId: number;
    userId: number;
    request: ParsedReportRequest;
    startsOn: string;
  },
): Promise<number> {
  const { request } = params;
  const type = request.recurring_interval!.type!;
  const day = (request.recurring_interval?.day ?? request.scheduleDay)!;
  const [row] = await db
    .insert(reportSchedules)
    .values({
      organizationId: params.organizationId,
      dealershipId: params.dealershipId,
      userId: params.userId,
      email: request.email,
      request: JSON.stringify(request),
      reportFormat: request.reportFormat!,
      period: request.period!,
      intervalType: type,
      day,
      startsOn: params.startsOn,
    })
    .returning({ id: reportSchedules.id });
  return row!.id;
}

/** The next day a schedule runs, seen on `today`: a due day not yet run (today or missed), else the next one. */
export function nextRunDate(schedule: ScheduleRecord, today: string, ranOn: Set<string>): string | null {
  if (schedule.paused) return null;
  const type = schedule.intervalType as RecurringType;
  const due = latestDueDate(type, schedule.day, today);
  if (due >= schedule.startsOn && !ranOn.has(due)) return today;
  return nextDueDate(type, schedule.day, today);
}

/** The signed-in user's recurring reports of a dealership, newest first, with last and next run. */
export async function listSchedules(
  db: Db,
  params: { dealershipId: number; userId: number; now: Date },
): Promise<ReportSchedule[]> {
  const rows = await db
    .select({ schedule: reportSchedules, timeZone: organizations.timeZone })
    .from(reportSchedules)
    .innerJoin(organizations, eq(organizations.id, reportSchedules.organizationId))
    .where(and(eq(reportSchedules.dealershipId, params.dealershipId), eq(reportSchedules.userId, params.userId)))
    .orderBy(desc(reportSchedules.id));
  if (rows.length === 0) return [];
  const runs = await db
    .select({ scheduleId: reportScheduleRuns.scheduleId, runDate: reportScheduleRuns.runDate })
    .from(reportScheduleRuns)
    .where(
      inArray(
        reportScheduleRuns.scheduleId,
        rows.map((r) => r.schedule.id),
      ),
    );
  return rows.map(({ schedule, timeZone }) => {
    const ranOn = new Set(runs.filter((r) => r.scheduleId === schedule.id).map((r) => r.runDate));
    const request = JSON.parse(schedule.request) as ParsedReportRequest;
    return {
      id: schedule.id,
      email: schedule.email,
      report_format: schedule.reportFormat as ReportSchedule['report_format'],
      period: schedule.period as ReportSchedule['period'],
      interval_type: schedule.intervalType as RecurringType,
      day: schedule.day,
      campaign_count: request.campaigns.length,
      paused: schedule.paused,
      last_run_at: schedule.lastRunAt?.toISOString() ?? null,
      last_status: (schedule.lastStatus as 'sent' | 'failed' | null) ?? null,
      last_error: schedule.lastError,
      next_run_date: nextRunDate(schedule, localDate(params.now, timeZone), ranOn),
    };
  });
}

/** Pauses or resumes a schedule of the user; false when it is not theirs. */
export async function setSchedulePaused(
  db: Db,
  params: { dealershipId: number; userId: number; scheduleId: number; paused: boolean },
): Promise<boolean> {
  const updated = await db
    .update(reportSchedules)
    .set({ paused: params.paused })
    .where(
      and(
        eq(reportSchedules.id, params.scheduleId),
        eq(reportSchedules.dealershipId, params.dealershipId),
        eq(reportSchedules.userId, params.userId),
      ),
    )
    .returning({ id: reportSchedules.id });
  return updated.length > 0;
}

/** Deletes a schedule of the user (and its run history); false when it is not theirs. */
export async function deleteSchedule(
  db: Db,
  params: { dealershipId: number; userId: number; scheduleId: number },
): Promise<boolean> {
  const deleted = await db
    .delete(reportSchedules)
    .where(
      and(
        eq(reportSchedules.id, params.scheduleId),
        eq(reportSchedules.dealershipId, params.dealershipId),
        eq(reportSchedules.userId, params.userId),
      ),
    )
    .returning({ id: reportSchedules.id });
  return deleted.length > 0;
}

/** Active schedules with their organization's time zone (the tick reads them). */
export async function listActiveSchedules(db: Db) {
  return db
    .select({ schedule: reportSchedules, timeZone: organizations.timeZone })
    .from(reportSchedules)
    .innerJoin(organizations, eq(organizations.id, reportSchedules.organizationId))
    .where(eq(reportSchedules.paused, false));
}

/**
 * Claims the run of a schedule for a due day: inserts (schedule, day) unless it exists — the primary
 * key makes this the one point where two processes agree — and returns the run's status.
 */
export async function claimRun(db: Db, scheduleId: number, runDate: string): Promise<string> {
  await db.insert(reportScheduleRuns).values({ scheduleId, runDate }).onConflictDoNothing();
  const [run] = await db
    .select({ status: reportScheduleRuns.status })
    .from(reportScheduleRuns)
    .where(and(eq(reportScheduleRuns.scheduleId, scheduleId), eq(reportScheduleRuns.runDate, runDate)));
  return run?.status ?? 'missing';
}

/** Records the outcome of a run on the run and on the schedule (the list shows the last one). */
export async function finishRun(
  db: Db,
  params: { scheduleId: number; runDate: string; status: 'sent' | 'failed'; error?: string; at: Date },
) {
  await db
    .update(reportScheduleRuns)
    .set({ status: params.status, error: params.error ?? null, finishedAt: params.at })
    .where(and(eq(reportScheduleRuns.scheduleId, params.scheduleId), eq(reportScheduleRuns.runDate, params.runDate)));
  await db
    .update(reportSchedules)
    .set({ lastRunAt: params.at, lastStatus: params.status, lastError: params.error ?? null })
    .where(eq(reportSchedules.id, params.scheduleId));
}

/** A schedule by id with its run of a day, or null. */
export async function getScheduleRun(db: Db, scheduleId: number, runDate: string) {
  const [row] = await db
    .select({ schedule: reportSchedules, status: reportScheduleRuns.status })
    .from(reportSchedules)
    .leftJoin(
      reportScheduleRuns,
      and(eq(reportScheduleRuns.scheduleId, reportSchedules.id), eq(reportScheduleRuns.runDate, sql`${runDate}`)),
    )
    .where(eq(reportSchedules.id, scheduleId));
  return row ?? null;
}
