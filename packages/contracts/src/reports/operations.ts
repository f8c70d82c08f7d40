import * as z from 'zod';
import { errorResponseSchema } from '../common/errors';
import { tenantParamsSchema } from '../common/ids';
import { reportParamsSchema, reportRangeQuerySchema } from '../campaign-reports/common';
import {
  AGENCY_PATH,
  AGENCY_ROLES,
  commonErrors,
  DEALERSHIP_PATH,
  defineOperation,
  noContentSchema,
} from '../operations/define';
import {
  addEmailDomainBodySchema,
  emailDomainItemSchema,
  emailDomainParamsSchema,
  listEmailDomainsResponseSchema,
} from './email-domains';
import {
  monthOverMonthExcelResponseSchema,
  monthOverMonthExportBodySchema,
  monthOverMonthQuerySchema,
  monthOverMonthResponseSchema,
  reportRowsQuerySchema,
  reportRowsResponseSchema,
} from './month-over-month';
import {
  listReportSchedulesResponseSchema,
  listReportTagsQuerySchema,
  listReportTagsResponseSchema,
  reportRequestResponseSchema,
  reportRequestSchema,
  reportScheduleParamsSchema,
  sendScheduleNowResponseSchema,
  serviceUserResponseSchema,
  sheetAccessBodySchema,
  sheetAccessResponseSchema,
  updateReportScheduleBodySchema,
} from './report-request';

const CAMPAIGNS = `${DEALERSHIP_PATH}/campaigns` as const;
const tags = ['reports'] as const;
/**
 * Answers of export and report-email operations: 429 for the rate and concurrency caps and the
 * hourly email limits, 503 for a full export pool.
 */
const exportErrors = { ...commonErrors, 429: errorResponseSchema, 503: errorResponseSchema };
const pdfFile = z.any().describe('The PDF file');
const orgParamsSchema = tenantParamsSchema.pick({ organization_id: true });
const agencyAdminErrors = { ...commonErrors, 403: errorResponseSchema };

/** Month over month, the report generator and its schedules, Google sheets, PDFs (spec 001 §2.12, §2.13, §7). */
export const reportOperations = {
  getMonthOverMonth: defineOperation({
    id: 'getMonthOverMonth',
    method: 'GET',
    path: `${CAMPAIGNS}/month-over-month`,
    summary: 'Month over month comparison (spec 001 §2.12)',
    tags,
    responseCache: true,
    params: tenantParamsSchema,
    query: monthOverMonthQuerySchema,
    response: { 200: monthOverMonthResponseSchema, ...commonErrors },
  }),
  getMonthOverMonthPdf: defineOperation({
    id: 'getMonthOverMonthPdf',
    method: 'GET',
    path: `${CAMPAIGNS}/month-over-month.pdf`,
    summary: 'Month over month as PDF',
    tags,
    exportClass: 'download',
    produces: ['application/pdf'],
    params: tenantParamsSchema,
    query: monthOverMonthQuerySchema,
    response: { 200: pdfFile, ...exportErrors },
  }),
  emailMonthOverMonthExcel: defineOperation({
    id: 'emailMonthOverMonthExcel',
    method: 'POST',
    path: `${CAMPAIGNS}/month-over-month/excel`,
    summary: 'Email the month over month comparison as an Excel workbook',
    tags,
    exportClass: 'report-job',
    params: tenantParamsSchema,
    body: monthOverMonthExportBodySchema,
    response: { 202: monthOverMonthExcelResponseSchema, ...exportErrors },
  }),
  listReportRows: defineOperation({
    id: 'listReportRows',
    method: 'GET',
    path: `${CAMPAIGNS}/report-rows`,
    summary: 'Campaign report rows over a range',
    tags,
    params: tenantParamsSchema,
    query: reportRowsQuerySchema,
    response: { 200: reportRowsResponseSchema, ...commonErrors },
  }),
  listReportTags: defineOperation({
    id: 'listReportTags',
    method: 'GET',
    path: `${CAMPAIGNS}/report-tags`,
    summary: 'Conversion tag names for the report generator',
    tags,
    params: tenantParamsSchema,
    query: listReportTagsQuerySchema,
    response: { 200: listReportTagsResponseSchema, ...commonErrors },
  }),
  requestReport: defineOperation({
    id: 'requestReport',
    method: 'POST',
    path: `${CAMPAIGNS}/report-generator`,
    summary: 'Generate (or schedule) a report by email or into a Google sheet',
    tags,
    exportClass: 'report-job',
    params: tenantParamsSchema,
    body: reportRequestSchema,
    response: { 202: reportRequestResponseSchema, 201: reportRequestResponseSchema, ...exportErrors },
  }),
  listReportSchedules: defineOperation({
    id: 'listReportSchedules',
    method: 'GET',
    path: `${CAMPAIGNS}/report-schedules`,
    summary: 'Scheduled reports of the signed-in user',
    tags,
    params: tenantParamsSchema,
    response: { 200: listReportSchedulesResponseSchema, ...commonErrors },
  }),
  updateReportSchedule: defineOperation({
    id: 'updateReportSchedule',
    method: 'PATCH',
    path: `${CAMPAIGNS}/report-schedules/:schedule_id`,
    summary: 'Pause, resume or edit a scheduled report',
    tags,
    params: reportScheduleParamsSchema,
    body: updateReportScheduleBodySchema,
    response: { 204: noContentSchema, ...commonErrors, 409: errorResponseSchema },
  }),
  sendReportScheduleNow: defineOperation({
    id: 'sendReportScheduleNow',
    method: 'POST',
    path: `${CAMPAIGNS}/report-schedules/:schedule_id/send-now`,
    summary: 'Send a scheduled report now',
    tags,
    exportClass: 'report-job',
    params: reportScheduleParamsSchema,
    response: { 202: sendScheduleNowResponseSchema, ...exportErrors },
  }),
  deleteReportSchedule: defineOperation({
    id: 'deleteReportSchedule',
    method: 'DELETE',
    path: `${CAMPAIGNS}/report-schedules/:schedule_id`,
    summary: 'Delete a scheduled report',
    tags,
    params: reportScheduleParamsSchema,
    response: { 204: noContentSchema, ...commonErrors },
  }),
  getSheetsServiceUser: defineOperation({
    id: 'getSheetsServiceUser',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/utils/google_spreadsheet/service-user`,
    summary: 'Google service account email',
    tags,
    params: tenantParamsSchema,
    response: { 200: serviceUserResponseSchema, ...commonErrors },
  }),
  checkSheetAccess: defineOperation({
    id: 'checkSheetAccess',
    method: 'POST',
    path: `${DEALERSHIP_PATH}/utils/google_spreadsheet/check-access`,
    summary: 'Check that the service account can open a Google sheet',
    tags,
    params: tenantParamsSchema,
    body: sheetAccessBodySchema,
    response: { 200: sheetAccessResponseSchema, ...commonErrors },
  }),
  getCampaignReportPdf: defineOperation({
    id: 'getCampaignReportPdf',
    method: 'GET',
    path: `${CAMPAIGNS}/:campaign_id/report.pdf`,
    summary: 'Campaign report as PDF',
    tags: ['exports'],
    exportClass: 'download',
    produces: ['application/pdf'],
    params: reportParamsSchema,
    query: reportRangeQuerySchema,
    response: { 200: pdfFile, ...exportErrors },
  }),
  listEmailDomains: defineOperation({
    id: 'listEmailDomains',
    method: 'GET',
    path: `${AGENCY_PATH}/email-domains`,
    summary: 'Email domains the agency allows report emails to',
    tags,
    roles: AGENCY_ROLES,
    params: orgParamsSchema,
    response: { 200: listEmailDomainsResponseSchema, ...agencyAdminErrors },
  }),
  addEmailDomain: defineOperation({
    id: 'addEmailDomain',
    method: 'POST',
    path: `${AGENCY_PATH}/email-domains`,
    summary: 'Allow report emails to an email domain',
    tags,
    roles: AGENCY_ROLES,
    params: orgParamsSchema,
    body: addEmailDomainBodySchema,
    response: { 201: emailDomainItemSchema, ...agencyAdminErrors },
  }),
  removeEmailDomain: defineOperation({
    id: 'removeEmailDomain',
    method: 'DELETE',
    path: `${AGENCY_PATH}/email-domains/:domain`,
    summary: 'Stop allowing report emails to an email domain',
    tags,
    roles: AGENCY_ROLES,
    params: emailDomainParamsSchema,
    response: { 204: noContentSchema, ...agencyAdminErrors },
  }),
};
