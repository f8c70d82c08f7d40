import type { RouteModule } from '../../route-module';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  duplicateScheduleMessage,
  emailDomainMessages,
  reportOperations,
  type DealershipDetail,
  type ParsedReportRequest,
  localDate,
} from '@portal/contracts';
import { registerOperation } from '../../register';
import { monthOverMonthPdfName } from '../../../exports/reports/month-over-month-files';
import { enqueueReportDelivery } from '../../../jobs/report-jobs';
import { ApiError, notFound } from '../../../lib/errors';
import { getDealership } from '../../../repositories/dealerships';
import { getMonthOverMonth } from '../../../repositories/reports/month-over-month';
import { takeReportQuota } from '../../../repositories/reports/quotas';
import { isAllowedRecipient } from '../../../repositories/reports/recipients';
import { listReportRows, listReportTags } from '../../../repositories/reports/report-rows';
import {
  claimRun,
  createSchedule,
  deleteSchedule,
  findIdenticalSchedule,
  getOwnSchedule,
  listSchedules,
  nextRunDate,
  runStatus,
  setSchedulePaused,
  updateScheduleRequest,
} from '../../../repositories/reports/schedules';

/**
 * Month over month, the report generator and its schedules, and the Google sheet helpers
 * (spec 001 §2.12, §2.13, §7). Every route runs `requireTenant` before any query.
 */
const reportRoutes: RouteModule = async (app) => {
  async function dealershipOf(params: { organization_id: number; dealership_id: number }): Promise<DealershipDetail> {
    const dealership = await getDealership(app.db, {
      organizationId: params.organization_id,
      dealershipId: params.dealership_id,
    });
    if (!dealership) throw notFound('Dealership not found');
    return dealership;
  }
  const todayOf = (dealership: DealershipDetail) => localDate(app.clock(), dealership.organization.time_zone);

  /**
   * The checks of a report request that do not depend on who sends it, shared by the report generator
   * and the edit of a schedule: every campaign is the dealership's (400 at `campaigns`), and a
   * Google sheet needs a service account (400 at `sheet_url`).
   */
  async function checkReportRequest(dealership: DealershipDetail, body: ParsedReportRequest): Promise<void> {
    const known = await listReportRows(app.db, {
      dealershipId: dealership.id,
      startDate: '1900-01-01',
      endDate: '2999-12-31',
      onlyFlights: false,
      includeAdditionalMetrics: false,
      campaignIds: body.campaigns,
    });
    if (known.length !== new Set(body.campaigns).size)
      throw new ApiError(400, 'VALIDATION_FAILED', 'The request is not valid', [
        { path: 'campaigns', message: 'Unknown campaign' },
      ]);
    if (body.reportFormat === 'google_sheet' && !app.reports.sheets)
      throw new ApiError(400, 'VALIDATION_FAILED', 'The request is not valid', [
        { path: 'sheet_url', message: 'Access denied!' },
      ]);
  }

  /** 409 CONFLICT (detail at `recurring`, `duplicateScheduleMessage`) when the user has this schedule already. */
  async function refuseIdenticalSchedule(
    dealership: DealershipDetail,
    userId: number,
    body: ParsedReportRequest,
    exceptId?: number,
  ): Promise<void> {
    const existing = await findIdenticalSchedule(app.db, {
      dealershipId: dealership.id,
      userId,
      request: body,
      exceptId,
    });
    if (existing !== null)
      throw new ApiError(409, 'CONFLICT', duplicateScheduleMessage, [
        { path: 'recurring', message: duplicateScheduleMessage },
      ]);
  }

  /** 400 at `email` when the recipient is neither a user of the dealership nor of an allowed domain. */
  async function checkRecipient(dealership: DealershipDetail, email: string): Promise<void> {
    const tenant = { organizationId: dealership.organization_id, dealershipId: dealership.id };
    if (!(await isAllowedRecipient(app.db, { tenant, email })))
      throw new ApiError(400, 'VALIDATION_FAILED', 'The request is not valid', [
        { path: 'email', message: emailDomainMessages.recipientRefused },
      ]);
  }

  /**
   * The checks of every route that queues a report email (issue 18 item 8, docs/reports.md), in
   * this order: the recipient must be allowed for the tenant (400 VALIDATION_FAILED at `email`,
   * `emailDomainMessages.recipientRefused`), then one report job is taken from the user's and the
   * organization's hourly limits (429 RATE_LIMITED with Retry-After in seconds). The job's emails are
   * checked again when they are sent (`sendReportOnce`), which covers schedules.
   */
  async function admitReportEmail(
    request: FastifyRequest,
    reply: FastifyReply,
    dealership: DealershipDetail,
    email: string,
  ): Promise<void> {
    await checkRecipient(dealership, email);
    const quota = await takeReportQuota(app.db, {
      kind: 'job',
      organizationId: dealership.organization_id,
      userId: request.user!.id,
      now: app.clock(),
      limits: app.reportLimits,
    });
    if (!quota.ok) {
      reply.header('retry-after', String(quota.retryAfterSeconds));
      throw new ApiError(
        429,
        'RATE_LIMITED',
        quota.scope === 'user'
          ? `You have requested the most reports allowed in an hour; try again in ${quota.retryAfterSeconds} s`
          : `Your agency has requested the most reports allowed in an hour; try again in ${quota.retryAfterSeconds} s`,
      );
    }
  }

  /**
   * `GET .../campaigns/month-over-month?dateFilter=3_month|6_month` → one table per campaign whose
   * flight overlaps the window (the current month through today and the 2 or 5 before it, in the
   * organization's time zone), one row per flight month; columns by product code (contracts
   * `monthOverMonthColumns`); money in dollars, CTR/VTR/impression share in percent (2 decimals).
   */
  registerOperation(app, reportOperations.getMonthOverMonth, async (request) => {
    const dealership = await dealershipOf(request.params);
    return getMonthOverMonth(app.db, {
      dealership,
      dateFilter: request.query.dateFilter,
      today: todayOf(dealership),
    });
  });

  /**
   * `GET .../campaigns/month-over-month.pdf?dateFilter` → `application/pdf` named '{dealership}_{period
   * label}_campaigns.pdf' (spec 001 §8). Export class `download`: 429 with `Retry-After` beyond the
   * caps; laid out in the export pool.
   */
  registerOperation(app, reportOperations.getMonthOverMonthPdf, async (request, reply) => {
    const dealership = await dealershipOf(request.params);
    const data = await getMonthOverMonth(app.db, {
      dealership,
      dateFilter: request.query.dateFilter,
      today: todayOf(dealership),
    });
    const pdf = await app.exportRenderer.render(
      { kind: 'month-over-month-pdf', dealershipName: dealership.name, data },
      request.exportSignal ?? undefined,
    );
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${monthOverMonthPdfName(dealership.name, data)}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  /**
   * `POST .../campaigns/month-over-month/excel` `{ dateFilter }` → 202 `{ status: 'queued', email }`:
   * the server builds the workbook (exceljs, one sheet per campaign) and emails it to the signed-in user.
   * 429 with Retry-After when the hourly report limit of the user or organization is spent.
   * Export class `report-job`: 429 with `Retry-After` beyond REPORT_JOB_RATE_LIMIT per session and minute.
   */
  registerOperation(app, reportOperations.emailMonthOverMonthExcel, async (request, reply) => {
    const dealership = await dealershipOf(request.params);
    const email = request.user!.email;
    await admitReportEmail(request, reply, dealership, email);
    await enqueueReportDelivery(app, request, {
      kind: 'month-over-month',
      organizationId: dealership.organization_id,
      dealershipId: dealership.id,
      userId: request.user!.id,
      today: todayOf(dealership),
      email,
      dateFilter: request.body.dateFilter,
    });
    return reply.code(202).send({ status: 'queued' as const, email });
  });

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
   * 'scheduled', schedule_id, next_run_date, time_zone }`: only the schedule is saved, its first run is
   * `next_run_date` (`YYYY-MM-DD` in the organization's zone `time_zone`; issue 25 item 12); 409
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
      const scheduleId = await createSchedule(app.db, {
        organizationId: dealership.organization_id,
        dealershipId: dealership.id,
        userId: request.user!.id,
        request: body,
        startsOn: today,
      });
      const schedule = await getOwnSchedule(app.db, {
        dealershipId: dealership.id,
        userId: request.user!.id,
        scheduleId,
      });
      return reply.code(201).send({
        status: 'scheduled' as const,
        schedule_id: scheduleId,
        next_run_date: nextRunDate(schedule!.schedule, today, new Set()),
        time_zone: dealership.organization.time_zone,
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
    return reply.code(202).send({ status: 'queued' as const, schedule_id: null, next_run_date: null, time_zone: null });
  });

  /**
   * `GET .../campaigns/report-schedules` → the signed-in user's recurring reports of the dealership,
   * newest first: recipient, interval and day, period, format, campaigns (id, name), selected metrics,
   * the stored request (for editing), last run (time, status, error) and next run day with the
   * organization's `time_zone` it is in.
   */
  registerOperation(app, reportOperations.listReportSchedules, async (request) => ({
    data: await listSchedules(app.db, {
      dealershipId: request.params.dealership_id,
      userId: request.user!.id,
      now: app.clock(),
    }),
  }));

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
   * schedule for today (organization zone) now, through `enqueueReportDelivery` with the job id of
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
    const status = await claimRun(app.db, { scheduleId: schedule.id, runDate });
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
