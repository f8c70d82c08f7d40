import type { RouteModule } from '../../route-module';
import { localDate, reportOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import { enqueueReportDelivery } from '../../../jobs/report-jobs';
import { ApiError, notFound } from '../../../lib/errors';
import { listReportRows, listReportTags } from '../../../repositories/reports/report-rows';
import {
  claimRun,
  createSchedule,
  deleteSchedule,
  getOwnSchedule,
  listSchedules,
  nextScheduleRun,
  runStatus,
  scheduleClock,
  setSchedulePaused,
  updateScheduleRequest,
} from '../../../repositories/reports/schedules';
import { listDeliveries } from '../../../repositories/reports/schedule-deliveries';
import { reportChecks } from './checks';

/**
 * The report generator and its schedules, and the Google sheet helpers (spec 001 §2.13, §7); month
 * over month is in month-over-month.ts. Every route runs `requireTenant` before any query.
 */
const reportRoutes: RouteModule = async (app) => {
  const { dealershipOf, todayOf, checkReportRequest, refuseIdenticalSchedule, checkRecipient, admitReportEmail } =
    reportChecks(app);

  /**
   * `GET .../campaigns/report-rows?startDate&endDate&onlyFlights=1&includeAdditionalMetrics=0&campaign_ids=1,2`
   * → campaign report rows (spec 001 §3): sums over the inclusive range, one count per conversion tag;
   * with `includeAdditionalMetrics=1` each row also has `additional_metrics` (pacing id, booked
   * impressions, video quartile completions, RSVPs, impression and click share in percent).
   */
  registerOperation(app, reportOperations.listReportRows, async (request) => {
    const { startDate, endDate, onlyFlights, includeAdditionalMetrics, campaign_ids } = request.query;
    if (startDate > endDate) throw new ApiError(400, 'BAD_REQUEST', 'startDate must not be after endDate');
    const rows = await listReportRows(app.db, {
      dealershipId: request.params.dealership_id,
      startDate,
      endDate,
      onlyFlights: onlyFlights === '1',
      includeAdditionalMetrics: includeAdditionalMetrics === '1',
      campaignIds: campaign_ids?.split(',').map(Number),
    });
    return {
      data: rows.map((row) => ({
        client_campaign_id: row.client_campaign_id,
        client_campaign_display_name: row.client_campaign_display_name,
        product_name: row.product_name,
        product_code: row.product_code,
        start_date: row.start_date,
        end_date: row.end_date,
        budget: row.budget,
        demand_local_net: row.demand_local_net,
        impressions: row.impressions,
        views: row.views,
        clicks: row.clicks,
        calls: row.calls,
        leads: row.leads,
        sales: row.sales,
        conversions: row.conversions,
        ...(row.additional_metrics && { additional_metrics: row.additional_metrics }),
      })),
    };
  });

  /** `GET .../campaigns/report-tags?pageIndex&pageSize` (page size ≤ 100) → conversion tag names of the dealership's campaigns. */
  registerOperation(app, reportOperations.listReportTags, async (request) =>
    listReportTags(app.db, { dealershipId: request.params.dealership_id, ...request.query }),
  );

  /**
   * `POST .../campaigns/report-generator` with the report request of spec 001 §7 → 202
   * `{ status: 'queued' }` (a job builds and emails it now) or, with `recurring`, 201 `{ status:
   * 'scheduled', schedule_id, next_run_date, time_zone, next_run_at }`: only the schedule is saved, its
   * first run is `next_run_date` (`YYYY-MM-DD` in the schedule's zone `time_zone`: the organization's,
   * or the recipient's with `time_zone_source: 'recipient'`; issue 25 item 12, issue 21 §5) at the
   * instant `next_run_at` (its `send_time` that day; at once when a due day's time has passed); 409
   * CONFLICT (`duplicateScheduleMessage` at `recurring`) when the user has an identical schedule
   * (issue 25 item 13). 400 with the §5 texts for an invalid request or a campaign that is
   * not the dealership's; 400 at `email` for a recipient who is not a user of the dealership and not
   * of a domain the agency allows, or that is not one plain ASCII mailbox (no display name, list,
   * CR/LF); 429 with Retry-After when the hourly report limit of the user or organization is spent
   * (issue 18 item 8, docs/reports.md). Export class `report-job`: 429 with `Retry-After` beyond REPORT_JOB_RATE_LIMIT
   * per session and minute.
   */
  registerOperation(app, reportOperations.requestReport, async (request, reply) => {
    const dealership = await dealershipOf(request.params);
    const body = request.body;
    await checkReportRequest(dealership, body);
    if (body.recurring) await refuseIdenticalSchedule(dealership, request.user!.id, body);
    await admitReportEmail(request, reply, dealership, body.email);
    const today = todayOf(dealership);
    if (body.recurring) {
      const zone = scheduleClock(body).timeZone ?? dealership.organization.time_zone;
      const scheduleId = await createSchedule(app.db, {
        organizationId: dealership.organization_id,
        dealershipId: dealership.id,
        userId: request.user!.id,
        request: body,
        startsOn: localDate(app.clock(), zone),
      });
      const found = await getOwnSchedule(app.db, {
        dealershipId: dealership.id,
        userId: request.user!.id,
        scheduleId,
      });
      const next = nextScheduleRun(found!.schedule, app.clock(), found!.timeZone, new Set());
      return reply.code(201).send({
        status: 'scheduled' as const,
        schedule_id: scheduleId,
        next_run_date: next?.date ?? null,
        time_zone: found!.timeZone,
        next_run_at: next?.at.toISOString() ?? null,
      });
    }
    await enqueueReportDelivery(app, request, {
      kind: 'request',
      organizationId: dealership.organization_id,
      dealershipId: dealership.id,
      userId: request.user!.id,
      today,
      request: body,
    });
    return reply
      .code(202)
      .send({ status: 'queued' as const, schedule_id: null, next_run_date: null, time_zone: null, next_run_at: null });
  });

  /**
   * `GET .../campaigns/report-schedules` → the signed-in user's recurring reports of the dealership,
   * newest first: recipient, interval and day, period, format, campaigns (id, name), selected metrics,
   * the stored request (for editing), last run (time, status, error), send time and zone (`send_time`
   * `HH:MM` in `time_zone`, `time_zone_source`), next run (day in that zone and instant) and the newest
   * delivery of the log (`last_delivery`: recipient, queued/sent/failed, attempts, reason; issue 21 §5).
   */
  registerOperation(app, reportOperations.listReportSchedules, async (request) => ({
    data: await listSchedules(app.db, {
      dealershipId: request.params.dealership_id,
      userId: request.user!.id,
      now: app.clock(),
    }),
  }));

  /**
   * `GET .../campaigns/report-schedules/{schedule_id}/deliveries` → `{ data: ReportDelivery[] }`: the
   * schedule's delivery log (issue 21 §5), newest first, at most 50 — per run day and recipient, the
   * state (queued, sent, failed), attempts, the last attempt's reason and the times (ISO 8601). 404
   * when the schedule is not the signed-in user's (another user's, dealership's or organization's).
   */
  registerOperation(app, reportOperations.listReportDeliveries, async (request) => {
    const owner = {
      dealershipId: request.params.dealership_id,
      userId: request.user!.id,
      scheduleId: request.params.schedule_id,
    };
    if (!(await getOwnSchedule(app.db, owner))) throw notFound('Scheduled report not found');
    return { data: await listDeliveries(app.db, owner) };
  });

  /**
   * `PATCH .../campaigns/report-schedules/{schedule_id}` `{ paused?, request? }` → 204. `paused` pauses
   * or resumes; `request` replaces the report (issue 25 item 13), checked like a new one: the §5 rules
   * (400), it must stay `recurring` (400 at `recurring`), campaigns of the dealership, an allowed
   * recipient (400 at `email`), not identical to another schedule of the user (409). 404 when the
   * schedule is not the signed-in user's (another user's, dealership's or organization's).
   */
  registerOperation(app, reportOperations.updateReportSchedule, async (request, reply) => {
    const owner = {
      dealershipId: request.params.dealership_id,
      userId: request.user!.id,
      scheduleId: request.params.schedule_id,
    };
    if (!(await getOwnSchedule(app.db, owner))) throw notFound('Scheduled report not found');
    const edited = request.body.request;
    if (edited) {
      if (!edited.recurring)
        throw new ApiError(400, 'VALIDATION_FAILED', 'The request is not valid', [
          { path: 'recurring', message: 'A scheduled report stays recurring; delete it to stop it' },
        ]);
      const dealership = await dealershipOf(request.params);
      await checkReportRequest(dealership, edited);
      await refuseIdenticalSchedule(dealership, owner.userId, edited, owner.scheduleId);
      await checkRecipient(dealership, edited.email);
      await updateScheduleRequest(app.db, { ...owner, request: edited });
    }
    if (request.body.paused !== undefined) await setSchedulePaused(app.db, { ...owner, paused: request.body.paused });
    return reply.code(204).send(null);
  });

  /**
   * `POST .../campaigns/report-schedules/{schedule_id}/send-now` → 202 `{ status, run_date }`: runs the
   * schedule for today (in the schedule's zone) now, through `enqueueReportDelivery` with the job id of
   * (schedule, today), so a second click, or the tick on a due day, is the same job: one email
   * (issue 25 item 12). `status` is the run's: `queued`, or `sent`/`failed` when today's run is over
   * (nothing is queued then). The recipient and the hourly limits are checked like a new report (400
   * at `email`, 429). 404 when the schedule is not the signed-in user's. Export class `report-job`.
   */
  registerOperation(app, reportOperations.sendReportScheduleNow, async (request, reply) => {
    const found = await getOwnSchedule(app.db, {
      dealershipId: request.params.dealership_id,
      userId: request.user!.id,
      scheduleId: request.params.schedule_id,
    });
    if (!found) throw notFound('Scheduled report not found');
    const { schedule } = found;
    const runDate = localDate(app.clock(), found.timeZone);
    const before = await runStatus(app.db, { scheduleId: schedule.id, runDate });
    if (before === 'sent' || before === 'failed') return reply.code(202).send({ status: before, run_date: runDate });
    if (before === null) {
      const dealership = await dealershipOf(request.params);
      await admitReportEmail(request, reply, dealership, schedule.email);
    }
    const status = await claimRun(app.db, { scheduleId: schedule.id, runDate, at: app.clock() });
    if (status === 'queued')
      await enqueueReportDelivery(app, request, { kind: 'schedule', scheduleId: schedule.id, runDate });
    return reply.code(202).send({ status: status as 'queued' | 'sent' | 'failed', run_date: runDate });
  });

  /** `DELETE .../campaigns/report-schedules/{schedule_id}` → 204; 404 when it is not the user's. */
  registerOperation(app, reportOperations.deleteReportSchedule, async (request, reply) => {
    const ok = await deleteSchedule(app.db, {
      dealershipId: request.params.dealership_id,
      userId: request.user!.id,
      scheduleId: request.params.schedule_id,
    });
    if (!ok) throw notFound('Scheduled report not found');
    return reply.code(204).send(null);
  });

  /** `GET .../utils/google_spreadsheet/service-user` → `{ email }`: the service account to share a sheet with (null when none is configured). */
  registerOperation(app, reportOperations.getSheetsServiceUser, async () => ({
    email: app.reports.sheets?.serviceAccountEmail ?? null,
  }));

  /**
   * `POST .../utils/google_spreadsheet/check-access` `{ spreadsheet_url, service_email }` → `{ access }`:
   * whether the service account can open the sheet (Sheets API); false when no account is configured
   * or the email sent is not the configured one.
   */
  registerOperation(app, reportOperations.checkSheetAccess, async (request) => {
    const sheets = app.reports.sheets;
    if (!sheets || !request.body.service_email || request.body.service_email !== sheets.serviceAccountEmail)
      return { access: false };
    return { access: await sheets.canAccess(request.body.spreadsheet_url) };
  });
};
export default reportRoutes;
