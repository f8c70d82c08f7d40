import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  duplicateScheduleMessage,
  emailDomainMessages,
  localDate,
  type DealershipDetail,
  type ParsedReportRequest,
} from '@portal/contracts';
import { ApiError, notFound } from '../../../lib/errors';
import { getDealership } from '../../../repositories/dealerships';
import { takeReportQuota } from '../../../repositories/reports/quotas';
import { isAllowedRecipient } from '../../../repositories/reports/recipients';
import { listReportRows } from '../../../repositories/reports/report-rows';
import { findIdenticalSchedule } from '../../../repositories/reports/schedules';

/**
 * The checks the report routes share (index.ts: the report generator and its schedules;
 * month-over-month.ts): the dealership of the path, its local day, the request's campaigns and
 * sheet, a duplicate schedule, the recipient and the hourly report quota.
 */
export function reportChecks(app: FastifyInstance) {
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

  return { dealershipOf, todayOf, checkReportRequest, refuseIdenticalSchedule, checkRecipient, admitReportEmail };
}
