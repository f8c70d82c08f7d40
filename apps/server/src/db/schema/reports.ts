import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { dealerships, organizations, users } from './tenancy';

/**
 * Recurring reports (spec 001 §2.13): the request as sent (JSON of the report request contract),
 * when it runs (`interval_type` 'day' = weekly on weekday `day` 1–7, 'month' = monthly on day 1–31,
 * at the local time `send_time` of its zone: the organization's when `time_zone_source` is
 * 'dealership', else `time_zone`, the recipient's; issue 21 §5) and how its last run went.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    request: text('request').notNull(),
    reportFormat: text('report_format').notNull(),
    period: text('period').notNull(),
    intervalType: text('interval_type').notNull(),
    day: integer('day').notNull(),
    paused: boolean('paused').notNull().default(false),
    /** Local time of day `HH:MM` it is sent (schedules made before issue 21 §5: '00:00', as they ran). */
    sendTime: text('send_time').notNull().default('00:00'),
    /** 'dealership' (the organization's `time_zone`, followed when it changes) or 'recipient' (`time_zone`). */
    timeZoneSource: text('time_zone_source').notNull().default('dealership'),
    /** The recipient's IANA zone; null when the schedule keeps the dealership's. */
    timeZone: text('time_zone'),
    /** The schedule-local day it was created: no run is due before it. */
    startsOn: text('starts_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastStatus: text('last_status'),
    lastError: text('last_error'),
  },
  (t) => [index('report_schedules_dealership_user_idx').on(t.dealershipId, t.userId)],
);

/**
 * One row per schedule and run day (`run_date`, organization-local `YYYY-MM-DD`): the primary key
 * is what makes a recurring report run exactly once per period, whichever process ticks first.
 */
export const reportScheduleRuns = pgTable(
  'report_schedule_runs',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    runDate: text('run_date').notNull(),
    /** queued → sent | failed */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.runDate] })],
);

/**
 * The delivery log of scheduled reports (issue 21 §5, docs/reports.md): one row per run day and
 * recipient, `queued` when the run is claimed, then `sent` or `failed` (after the job's last retry)
 * with the reason of the last failed attempt, the number of attempts and their times. The schedule
 * list shows each schedule's newest row. Tenant columns so a read never needs the schedule.
 */
export const reportScheduleDeliveries = pgTable(
  'report_schedule_deliveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull(),
    dealershipId: integer('dealership_id').notNull(),
    runDate: text('run_date').notNull(),
    recipient: text('recipient').notNull(),
    /** queued → sent | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('report_schedule_deliveries_run_recipient_idx').on(t.scheduleId, t.runDate, t.recipient),
    index('report_schedule_deliveries_dealership_idx').on(t.dealershipId),
  ],
);

/**
 * Report emails sent, by delivery key (the pg-boss job id and what was sent, e.g. `{jobId}:report`):
 * a job retried after its email went out — its process died before pg-boss recorded the job as
 * completed — finds its key here and does not send again (docs/reliability.md).
 */
export const reportDeliveries = pgTable('report_deliveries', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Report quota events (issue 18, docs/reports.md): one row per report job requested through the API
 * (`kind` 'job') and per report email sent (`kind` 'email'), with the organization and the user it
 * counts against; the hourly limits count the rows of the last hour. Rows older than a day are deleted.
 */
export const reportQuotaEvents = pgTable(
  'report_quota_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id'),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('report_quota_events_organization_idx').on(t.organizationId, t.kind, t.at),
    index('report_quota_events_user_idx').on(t.userId, t.kind, t.at),
  ],
);
