import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_SEND_TIME,
  selectedMetrics,
  type ParsedReportRequest,
  type RecurringType,
  type ReportSchedule,
  type ScheduleZoneSource,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { managedCampaigns, organizations, reportScheduleRuns, reportSchedules } from '../../db/schema';
import { nextRun, type ScheduleTiming } from '../../lib/schedule-dates';
import { lastDeliveries, logDeliveryQueued } from './schedule-deliveries';

export type ScheduleRecord = typeof reportSchedules.$inferSelect;

/** The clock of a request (issue 21 §5): its send time, whose zone, and the recipient's zone (null for the dealership's). */
export function scheduleClock(request: ParsedReportRequest) {
  const source: ScheduleZoneSource = request.time_zone_source ?? 'dealership';
  return {
    sendTime: request.send_time ?? DEFAULT_SEND_TIME,
    timeZoneSource: source,
    timeZone: source === 'recipient' ? (request.time_zone ?? null) : null,
  };
}

/** The zone a schedule keeps: the recipient's when chosen, else its organization's (`organizationZone`). */
export function scheduleZone(schedule: ScheduleRecord, organizationZone: string): string {
  return schedule.timeZoneSource === 'recipient' && schedule.timeZone ? schedule.timeZone : organizationZone;
}

/** A schedule's interval, day, send time and first day, for `latestDueRun` / `nextRun`. */
export function scheduleTiming(schedule: ScheduleRecord): ScheduleTiming {
  return {
    type: schedule.intervalType as RecurringType,
    day: schedule.day,
    sendTime: schedule.sendTime,
    startsOn: schedule.startsOn,
  };
}

/** Stores a recurring report; runs are due from `startsOn` (the day it was created in the schedule's zone). */
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
      ...scheduleClock(request),
      startsOn: params.startsOn,
    })
    .returning({ id: reportSchedules.id });
  return row!.id;
}

/**
 * What makes two schedules the same report (issue 25 item 13): recipient (case-insensitive), campaigns
 * (as a set), selected metrics and conversions, format, sheet, period, interval and day, send time and zone.
 */
export function scheduleKey(request: ParsedReportRequest): string {
  return JSON.stringify([
    request.email.toLowerCase(),
    [...new Set(request.campaigns)].sort((a, b) => a - b),
    selectedMetrics(request.metrics),
    Object.keys(request.conversions)
      .filter((tag) => request.conversions[tag] === true)
      .sort(),
    request.reportFormat,
    request.reportFormat === 'google_sheet' ? (request.sheet_url ?? null) : null,
    request.period,
    request.recurring_interval?.type ?? null,
    request.recurring_interval?.day ?? request.scheduleDay ?? null,
    ...Object.values(scheduleClock(request)),
  ]);
}

/** The id of the user's schedule of the dealership with the same report as `request` (other than `exceptId`), or null. */
export async function findIdenticalSchedule(
  db: Db,
  params: { dealershipId: number; userId: number; request: ParsedReportRequest; exceptId?: number },
): Promise<number | null> {
  const rows = await db
    .select({ id: reportSchedules.id, request: reportSchedules.request })
    .from(reportSchedules)
    .where(
      and(
        eq(reportSchedules.dealershipId, params.dealershipId),
        eq(reportSchedules.userId, params.userId),
        params.exceptId === undefined ? undefined : ne(reportSchedules.id, params.exceptId),
      ),
    );
  const key = scheduleKey(params.request);
  return rows.find((row) => scheduleKey(JSON.parse(row.request) as ParsedReportRequest) === key)?.id ?? null;
}

/** The schedule `scheduleId` of the dealership, only when `userId` owns it (every owner-only call). */
function ownedBy(params: { dealershipId: number; userId: number; scheduleId: number }) {
  return and(
    eq(reportSchedules.id, params.scheduleId),
    eq(reportSchedules.dealershipId, params.dealershipId),
    eq(reportSchedules.userId, params.userId),
  );
}

/** Replaces the report request of a schedule of the user (its interval, day, recipient…); false when it is not theirs. */
export async function updateScheduleRequest(
  db: Db,
  params: { dealershipId: number; userId: number; scheduleId: number; request: ParsedReportRequest },
): Promise<boolean> {
  const { request } = params;
  const updated = await db
    .update(reportSchedules)
    .set({
      email: request.email,
      request: JSON.stringify(request),
      reportFormat: request.reportFormat!,
      period: request.period!,
      intervalType: request.recurring_interval!.type!,
      day: (request.recurring_interval?.day ?? request.scheduleDay)!,
      ...scheduleClock(request),
    })
    .where(ownedBy(params))
    .returning({ id: reportSchedules.id });
  return updated.length > 0;
}

/** A schedule of the user with its time zone (`scheduleZone`), or null when it is not theirs. */
export async function getOwnSchedule(db: Db, params: { dealershipId: number; userId: number; scheduleId: number }) {
  const [row] = await db
    .select({ schedule: reportSchedules, timeZone: organizations.timeZone })
    .from(reportSchedules)
    .innerJoin(organizations, eq(organizations.id, reportSchedules.organizationId))
    .where(ownedBy(params));
  return row ? { schedule: row.schedule, timeZone: scheduleZone(row.schedule, row.timeZone) } : null;
}

/** The status of a schedule's run of a day, or null when there is none. */
export async function runStatus(
  db: Db,
  { scheduleId, runDate }: { scheduleId: number; runDate: string },
): Promise<string | null> {
  const [run] = await db
    .select({ status: reportScheduleRuns.status })
    .from(reportScheduleRuns)
    .where(and(eq(reportScheduleRuns.scheduleId, scheduleId), eq(reportScheduleRuns.runDate, runDate)));
  return run?.status ?? null;
}

/**
 * The next run of a schedule seen at `now` in its zone (`nextRun`: a due run not yet made goes at
 * once, else the next send instant), or null while paused.
 */
export function nextScheduleRun(
  schedule: ScheduleRecord,
  now: Date,
  timeZone: string,
  ranOn: ReadonlySet<string>,
): { date: string; at: Date } | null {
  if (schedule.paused) return null;
  try {
    return nextRun(scheduleTiming(schedule), now, timeZone, ranOn);
  } catch {
    // A zone the runtime no longer knows (validated when stored): no next run rather than a failed list.
    return null;
  }
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
  const deliveries = await lastDeliveries(
    db,
    rows.map((r) => r.schedule.id),
  );
  const requests = new Map(rows.map((r) => [r.schedule.id, JSON.parse(r.schedule.request) as ParsedReportRequest]));
  const campaignIds = [...new Set([...requests.values()].flatMap((r) => r.campaigns))];
  const names = new Map(
    campaignIds.length === 0
      ? []
      : (
          await db
            .select({ id: managedCampaigns.id, name: managedCampaigns.displayName })
            .from(managedCampaigns)
            .where(
              and(eq(managedCampaigns.dealershipId, params.dealershipId), inArray(managedCampaigns.id, campaignIds)),
            )
        ).map((c) => [c.id, c.name]),
  );
  return rows.map(({ schedule, timeZone: organizationZone }) => {
    const ranOn = new Set(runs.filter((r) => r.scheduleId === schedule.id).map((r) => r.runDate));
    const request = requests.get(schedule.id)!;
    const timeZone = scheduleZone(schedule, organizationZone);
    const next = nextScheduleRun(schedule, params.now, timeZone, ranOn);
    return {
      id: schedule.id,
      email: schedule.email,
      report_format: schedule.reportFormat as ReportSchedule['report_format'],
      period: schedule.period as ReportSchedule['period'],
      interval_type: schedule.intervalType as RecurringType,
      day: schedule.day,
      campaign_count: request.campaigns.length,
      campaigns: request.campaigns.map((id) => ({ id, name: names.get(id) ?? null })),
      metrics: selectedMetrics(request.metrics),
      request: request as unknown as Record<string, unknown>,
      time_zone: timeZone,
      time_zone_source: schedule.timeZoneSource as ScheduleZoneSource,
      send_time: schedule.sendTime,
      paused: schedule.paused,
      last_run_at: schedule.lastRunAt?.toISOString() ?? null,
      last_status: (schedule.lastStatus as 'sent' | 'failed' | null) ?? null,
      last_error: schedule.lastError,
      next_run_date: next?.date ?? null,
      next_run_at: next?.at.toISOString() ?? null,
      last_delivery: deliveries.get(schedule.id) ?? null,
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
    .where(ownedBy(params))
    .returning({ id: reportSchedules.id });
  return updated.length > 0;
}

/** Deletes a schedule of the user (and its run history); false when it is not theirs. */
export async function deleteSchedule(
  db: Db,
  params: { dealershipId: number; userId: number; scheduleId: number },
): Promise<boolean> {
  const deleted = await db.delete(reportSchedules).where(ownedBy(params)).returning({ id: reportSchedules.id });
  return deleted.length > 0;
}

/** Active schedules with their time zone (`scheduleZone`; the tick reads them). */
export async function listActiveSchedules(db: Db) {
  const rows = await db
    .select({ schedule: reportSchedules, timeZone: organizations.timeZone })
    .from(reportSchedules)
    .innerJoin(organizations, eq(organizations.id, reportSchedules.organizationId))
    .where(eq(reportSchedules.paused, false));
  return rows.map((row) => ({ schedule: row.schedule, timeZone: scheduleZone(row.schedule, row.timeZone) }));
}

/** The status of the runs of some (schedule, day) pairs, keyed `{scheduleId}:{runDate}` (the tick skips finished ones). */
export async function runStatuses(db: Db, runs: Array<{ scheduleId: number; runDate: string }>) {
  if (runs.length === 0) return new Map<string, string>();
  const found = await db
    .select({
      scheduleId: reportScheduleRuns.scheduleId,
      runDate: reportScheduleRuns.runDate,
      status: reportScheduleRuns.status,
    })
    .from(reportScheduleRuns)
    .where(
      and(
        inArray(reportScheduleRuns.scheduleId, [...new Set(runs.map((r) => r.scheduleId))]),
        inArray(reportScheduleRuns.runDate, [...new Set(runs.map((r) => r.runDate))]),
      ),
    );
  return new Map(found.map((r) => [`${r.scheduleId}:${r.runDate}`, r.status]));
}

/**
 * Claims the run of a schedule for a due day: inserts (schedule, day) unless it exists — the primary
 * key makes this the one point where two processes agree — and returns the run's status. The one
 * that inserts it logs the delivery as queued (`logDeliveryQueued`, at `at`).
 */
export async function claimRun(
  db: Db,
  { scheduleId, runDate, at }: { scheduleId: number; runDate: string; at: Date },
): Promise<string> {
  const inserted = await db
    .insert(reportScheduleRuns)
    .values({ scheduleId, runDate })
    .onConflictDoNothing()
    .returning({ scheduleId: reportScheduleRuns.scheduleId });
  if (inserted.length > 0) await logDeliveryQueued(db, { scheduleId, runDate, at });
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
export async function getScheduleRun(db: Db, { scheduleId, runDate }: { scheduleId: number; runDate: string }) {
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
