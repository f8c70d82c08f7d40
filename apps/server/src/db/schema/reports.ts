import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { dealerships, organizations, users } from './tenancy';

/**
 * Recurring reports (spec 001 §2.13): the request as sent (JSON of the report request contract),
 * when it runs (`interval_type` 'day' = weekly on weekday `day` 1–7, 'month' = monthly on day 1–31,
 * in the organization's time zone) and how its last run went.
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
    /** The organization-local day the schedule was created: no run is due before it. */
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
