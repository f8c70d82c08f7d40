import {
  additionalReportMetrics,
  formatDateSpan,
  monthOverMonthFilterLabels,
  reportPeriodLabels,
  reportPeriodRange,
  selectedMetrics,
  type MonthOverMonthFilter,
  type ParsedReportRequest,
  previousPeriod,
  freshnessLabel,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../types';
import { buildReportTable, reportAttachment, safeName } from '../exports/reports/report-table';
import { formatUsDate } from '../lib/csv';
import { latestDueRun } from '../lib/schedule-dates';
import { getDealership } from '../repositories/dealerships';
import { getMonthOverMonth } from '../repositories/reports/month-over-month';
import { listReportRows } from '../repositories/reports/report-rows';
import { onDeliveryFailedFinally } from '../reports/delivery-failures';
import { resolveDeliveryFailedAlert } from '../repositories/alerts';
import { sendReportOnce } from '../reports/deliveries';
import { reportEmail, reportEmailKpis } from '../reports/report-email';
import { dealershipDataThrough } from '../repositories/trust';
import { loadBrandAssets } from '../repositories/branding';
import { logDeliveryAttempt, logDeliveryOutcome } from '../repositories/reports/schedule-deliveries';
import {
  claimRun,
  finishRun,
  getScheduleRun,
  listActiveSchedules,
  runStatuses,
  scheduleTiming,
} from '../repositories/reports/schedules';
import { jobIdFromKey, type JobDefinition } from './job-definition';

/** Builds and delivers one report (a one-off request, a schedule's run, or the month-over-month workbook). */
export const REPORT_DELIVERY_QUEUE = 'report-delivery';
/**
 * Finds the recurring reports that are due and enqueues their runs (pg-boss cron, every minute: a
 * report goes out within a minute of its local send time; issue 21 §5).
 */
export const REPORT_SCHEDULES_TICK_QUEUE = 'report-schedules-tick';
export const REPORT_SCHEDULES_CRON = '* * * * *';

/** `userId`: who asked (the email limits count against them; absent in jobs queued before it was recorded). */
export type ReportDeliveryJob =
  | {
      kind: 'request';
      organizationId: number;
      dealershipId: number;
      userId?: number;
      today: string;
      request: ParsedReportRequest;
    }
  | { kind: 'schedule'; scheduleId: number; runDate: string }
  | {
      kind: 'month-over-month';
      organizationId: number;
      dealershipId: number;
      userId?: number;
      today: string;
      email: string;
      dateFilter: MonthOverMonthFilter;
    };

/**
 * Enqueues a report delivery from a request. Only a route of export class `report-job` may
 * (plugins/app/export-limits.ts: its session's rate limit); throws otherwise, so a route added later
 * cannot enqueue reports without the limit. A schedule's run (send-now) goes with the id derived from
 * (schedule, day) (`runJobId`), so it is one job with the tick's. Resolves to the job id (null when a
 * job of that id exists already).
 */
export async function enqueueReportDelivery(
  app: App,
  request: FastifyRequest,
  job: ReportDeliveryJob,
): Promise<string | null> {
  if (request.routeOptions.config.exportClass !== 'report-job')
    throw new Error(
      `${request.method} ${request.routeOptions.url} enqueues a report without the 'report-job' export class`,
    );
  if (job.kind === 'schedule')
    return app.jobs.send(REPORT_DELIVERY_QUEUE, job, { id: runJobId(job.scheduleId, job.runDate) });
  return app.jobs.send(REPORT_DELIVERY_QUEUE, job);
}

/**
 * A report request delivered: the file attached to an email, or the rows written into the sheet (and
 * an email saying so). The email is sent once per `deliveryKey` (the job's id; `sendReportOnce`).
 */
export async function deliverReport(
  app: App,
  params: {
    organizationId: number;
    dealershipId: number;
    userId?: number | null;
    today: string;
    request: ParsedReportRequest;
    deliveryKey: string;
  },
) {
  const { request } = params;
  const sender = {
    organizationId: params.organizationId,
    dealershipId: params.dealershipId,
    userId: params.userId ?? null,
  };
  const dealership = await getDealership(app.db, {
    organizationId: params.organizationId,
    dealershipId: params.dealershipId,
  });
  if (!dealership) throw new Error(`dealership ${params.dealershipId} not found`);
  const range = reportPeriodRange(request.period!, params.today);
  const rows = await listReportRows(app.db, {
    dealershipId: params.dealershipId,
    ...range,
    onlyFlights: true,
    includeAdditionalMetrics: selectedMetrics(request.metrics).some((m) => additionalReportMetrics.includes(m)),
    campaignIds: request.campaigns,
  });
  const span = formatDateSpan(range.startDate, range.endDate);
  const brand = await loadBrandAssets(app.db, app.storage, { organizationId: params.organizationId });
  const table = {
    ...buildReportTable(rows, request, {
      organizationName: brand?.name ?? dealership.organization.name,
      dealershipName: dealership.name,
      showBudgetType: dealership.organization.show_budget_type,
    }),
    title: [`${dealership.name} campaign report`, `${reportPeriodLabels[request.period!]}: ${span}`],
    ...(brand ? { brand: { name: brand.name, color: brand.primaryColor } } : {}),
  };
  // The KPIs with their change against the previous period of equal length (issue 20 §5).
  const previousRange = previousPeriod(range);
  const previousRows = await listReportRows(app.db, {
    dealershipId: params.dealershipId,
    ...previousRange,
    onlyFlights: true,
    includeAdditionalMetrics: false,
    campaignIds: request.campaigns,
  });
  const fresh = await dealershipDataThrough(app.db, {
    dealershipId: params.dealershipId,
    campaignIds: request.campaigns,
  });
  const freshness = freshnessLabel(fresh.dataThrough, fresh.arrivedAt, dealership.organization.time_zone);
  const reportUrl = `${app.accounts.publicUrl.replace(/\/+$/, '')}/dashboard/agency/${params.organizationId}/dealership/${params.dealershipId}/campaigns/list?startDate=${range.startDate}&endDate=${range.endDate}`;
  const emailBody = (attachmentNote: string) =>
    reportEmail({
      brand,
      dealershipName: dealership.name,
      periodLabel: `${reportPeriodLabels[request.period!]} (${span})`,
      freshness,
      previousLabel: `the previous period (${formatDateSpan(previousRange.startDate, previousRange.endDate)})`,
      kpis: reportEmailKpis(rows, previousRows),
      reportUrl,
      attachmentNote,
      campaignCount: table.rows.length,
    });
  const subject = `${dealership.name} campaign report, ${span}`;
  if (request.reportFormat === 'google_sheet') {
    const sheets = app.reports.sheets;
    if (!sheets) throw new Error('No Google service account is configured');
    try {
      await sheets.writeRows(request.sheet_url!, [table.headers, ...table.rows]);
    } catch (error) {
      const status =
        (error as { status?: number; response?: { status?: number } }).status ??
        (error as { response?: { status?: number } }).response?.status;
      if (status === 403 || status === 404)
        throw new Error(
          `The Google sheet ${request.sheet_url} does not exist or is not shared with ${sheets.serviceAccountEmail} (it needs Editor access)`,
          { cause: error },
        );
      throw error;
    }
    const { inline, ...body } = emailBody(`The rows were written to the Google sheet ${request.sheet_url}.`);
    await sendReportOnce(app, {
      key: `${params.deliveryKey}:report`,
      message: { to: request.email, subject, ...body, attachments: inline },
      sender,
    });
    return;
  }
  const attachment = await reportAttachment(
    table,
    request.reportFormat!,
    `${safeName(dealership.name)}_${range.startDate}_${range.endDate}`,
    (sheets) => app.exportRenderer.render({ kind: 'xlsx', sheets }),
  );
  const { inline, ...body } = emailBody(`Attached: ${attachment.filename}`);
  await sendReportOnce(app, {
    key: `${params.deliveryKey}:report`,
    message: { to: request.email, subject, ...body, attachments: [attachment, ...inline] },
    sender,
  });
}

async function deliverMonthOverMonth(
  app: App,
  data: Extract<ReportDeliveryJob, { kind: 'month-over-month' }>,
  deliveryKey: string,
) {
  const dealership = await getDealership(app.db, {
    organizationId: data.organizationId,
    dealershipId: data.dealershipId,
  });
  if (!dealership) throw new Error(`dealership ${data.dealershipId} not found`);
  const view = await getMonthOverMonth(app.db, { dealership, dateFilter: data.dateFilter, today: data.today });
  const label = monthOverMonthFilterLabels[data.dateFilter];
  const brand = await loadBrandAssets(app.db, app.storage, { organizationId: data.organizationId });
  await sendReportOnce(app, {
    key: `${deliveryKey}:report`,
    message: {
      to: data.email,
      subject: `${dealership.name} month over month, ${label}`,
      text: `The month over month comparison (${formatDateSpan(view.startDate, view.endDate)}) is attached.\n${brand ? `\n${brand.name}\n` : ''}`,
      sender: { name: brand?.senderName ?? brand?.name ?? null, replyTo: brand?.replyTo ?? null },
      attachments: [
        {
          filename: `${safeName(dealership.name)}_${safeName(label)}_campaigns.xlsx`,
          content: await app.exportRenderer.render({
            kind: 'month-over-month-xlsx',
            data: view,
            ...(brand ? { brand: { name: brand.name, color: brand.primaryColor } } : {}),
          }),
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    },
    sender: { organizationId: data.organizationId, dealershipId: data.dealershipId, userId: data.userId ?? null },
  });
}

/**
 * Tells the recipient of a one-off report (or the month-over-month workbook) that it could not be
 * generated, and why; sent once, after the job's last retry. When the mail itself is what fails the
 * notice fails too: it is logged, and the job ends `failed` in pg-boss.
 */
async function notifyFailure(
  app: App,
  task: Exclude<ReportDeliveryJob, { kind: 'schedule' }>,
  error: unknown,
  deliveryKey: string,
) {
  const reason = error instanceof Error ? error.message : String(error);
  const what =
    task.kind === 'month-over-month'
      ? `the month over month workbook (${monthOverMonthFilterLabels[task.dateFilter]})`
      : `the campaign report (${reportPeriodLabels[task.request.period!]}, ${task.request.reportFormat === 'google_sheet' ? 'Google sheet' : task.request.reportFormat})`;
  try {
    const brand = await loadBrandAssets(app.db, app.storage, { organizationId: task.organizationId });
    await sendReportOnce(app, {
      key: `${deliveryKey}:failure`,
      message: {
        sender: { name: brand?.senderName ?? brand?.name ?? null, replyTo: brand?.replyTo ?? null },
        to: task.kind === 'month-over-month' ? task.email : task.request.email,
        subject: 'Your campaign report could not be generated',
        text: `We could not generate ${what} you requested on ${formatUsDate(task.today)}.\n\nReason: ${reason}\n\nPlease fix the cause and request the report again.\n`,
      },
      sender: { organizationId: task.organizationId, dealershipId: task.dealershipId, userId: task.userId ?? null },
    });
  } catch (mailError) {
    app.log.error({ err: mailError, reason }, 'report failure notice could not be sent');
  }
}

/** A UUID derived from a schedule and its run day: enqueueing the same run twice is one job. */
export function runJobId(scheduleId: number, runDate: string): string {
  return jobIdFromKey(`report-schedule:${scheduleId}:${runDate}`);
}

/**
 * The tick (every minute): for every active schedule, the latest run due at the clock's `now` in its
 * zone (`latestDueRun`: the latest due day whose local send time has come; a run missed while no
 * process ran is caught up). Runs already sent or failed are skipped in one query; the others' (schedule,
 * day) row is claimed once (`claimRun`, which logs the delivery as queued), and while the run is
 * queued its job is sent with an id derived from (schedule, day), so ticks in several processes, or
 * repeated ticks, enqueue one job per period. A schedule whose zone the runtime does not know is
 * logged and skipped.
 */
export async function enqueueDueReports(app: App): Promise<number> {
  const now = app.clock();
  const due: Array<{ scheduleId: number; runDate: string }> = [];
  for (const { schedule, timeZone } of await listActiveSchedules(app.db)) {
    try {
      const run = latestDueRun(scheduleTiming(schedule), now, timeZone);
      if (run) due.push({ scheduleId: schedule.id, runDate: run.runDate });
    } catch (error) {
      app.log.error({ err: error, scheduleId: schedule.id, timeZone }, 'scheduled report with an unknown time zone');
    }
  }
  const statuses = await runStatuses(app.db, due);
  let enqueued = 0;
  for (const run of due) {
    const before = statuses.get(`${run.scheduleId}:${run.runDate}`);
    if (before === 'sent' || before === 'failed') continue;
    const status = await claimRun(app.db, { ...run, at: now });
    if (status !== 'queued') continue;
    const id = await app.jobs.send(
      REPORT_DELIVERY_QUEUE,
      { kind: 'schedule', scheduleId: run.scheduleId, runDate: run.runDate } satisfies ReportDeliveryJob,
      { id: runJobId(run.scheduleId, run.runDate) },
    );
    if (id) enqueued += 1;
  }
  return enqueued;
}

/**
 * A schedule's run: each attempt is logged for the recipient (`logDeliveryAttempt`); a failed attempt
 * keeps the run queued with its reason while pg-boss retries with backoff; after the last retry the
 * run and the delivery are `failed` and the owner is told (`onDeliveryFailedFinally`).
 */
async function runSchedule(
  app: App,
  data: Extract<ReportDeliveryJob, { kind: 'schedule' }>,
  job: { id: string; retryCount: number; retryLimit: number },
) {
  const found = await getScheduleRun(app.db, { scheduleId: data.scheduleId, runDate: data.runDate });
  // Deleted, or already delivered by an earlier attempt: nothing to do (at-least-once delivery).
  if (!found || found.status !== 'queued') return;
  const { schedule } = found;
  const request = JSON.parse(schedule.request) as ParsedReportRequest;
  const delivery = { scheduleId: data.scheduleId, runDate: data.runDate, recipient: request.email };
  await logDeliveryAttempt(app.db, {
    ...delivery,
    organizationId: schedule.organizationId,
    dealershipId: schedule.dealershipId,
    at: app.clock(),
  });
  try {
    await deliverReport(app, {
      organizationId: schedule.organizationId,
      dealershipId: schedule.dealershipId,
      userId: schedule.userId,
      today: data.runDate,
      request,
      deliveryKey: job.id,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const final = job.retryCount >= job.retryLimit;
    const at = app.clock();
    await logDeliveryOutcome(app.db, { ...delivery, status: final ? 'failed' : 'queued', error: reason, at });
    if (final) {
      await finishRun(app.db, {
        scheduleId: data.scheduleId,
        runDate: data.runDate,
        status: 'failed',
        error: reason,
        at,
      });
      await onDeliveryFailedFinally(app, {
        ...delivery,
        ownerUserId: schedule.userId,
        organizationId: schedule.organizationId,
        dealershipId: schedule.dealershipId,
        reason,
      });
    }
    throw error;
  }
  const at = app.clock();
  await logDeliveryOutcome(app.db, { ...delivery, status: 'sent', at });
  await finishRun(app.db, { scheduleId: data.scheduleId, runDate: data.runDate, status: 'sent', at });
  await resolveDeliveryFailedAlert(app.db, {
    organizationId: schedule.organizationId,
    scheduleId: data.scheduleId,
    now: at,
  });
}

/** The report job kinds (registered in workers.ts). */
export const reportJobDefinitions: JobDefinition[] = [
  {
    name: REPORT_DELIVERY_QUEUE,
    queue: { retryLimit: 4, retryDelay: 30, retryBackoff: true },
    async handler(app, data, job) {
      const task = data as ReportDeliveryJob;
      if (task.kind === 'schedule') return runSchedule(app, task, job);
      try {
        if (task.kind === 'month-over-month') await deliverMonthOverMonth(app, task, job.id);
        else await deliverReport(app, { ...task, deliveryKey: job.id });
      } catch (error) {
        if (job.retryCount >= job.retryLimit) await notifyFailure(app, task, error, job.id);
        throw error;
      }
    },
  },
  {
    name: REPORT_SCHEDULES_TICK_QUEUE,
    queue: { retryLimit: 1, retryDelay: 10, policy: 'singleton' },
    async handler(app) {
      await enqueueDueReports(app);
    },
  },
];
