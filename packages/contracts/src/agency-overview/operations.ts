import * as z from 'zod';
import { errorResponseSchema } from '../common/errors';
import { AGENCY_PATH, AGENCY_ROLES, commonErrors, defineOperation } from '../operations/define';
import { overviewParamsSchema, overviewQuerySchema, overviewResponseSchema } from './overview';

const tags = ['agency-overview'] as const;
const errors = { ...commonErrors, 403: errorResponseSchema };
const exportErrors = { ...errors, 429: errorResponseSchema, 503: errorResponseSchema };

/** The all-rooftops overview of an agency (issue 23 §1), roles 1–2. */
export const agencyOverviewOperations = {
  getAgencyOverview: defineOperation({
    id: 'getAgencyOverview',
    method: 'GET',
    path: `${AGENCY_PATH}/overview`,
    summary: 'Every rooftop of the agency with its metrics over a range and the previous period (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: overviewParamsSchema,
    query: overviewQuerySchema,
    response: { 200: overviewResponseSchema, ...errors },
  }),
  exportAgencyOverviewCsv: defineOperation({
    id: 'exportAgencyOverviewCsv',
    method: 'GET',
    path: `${AGENCY_PATH}/overview/csv`,
    summary: 'The agency overview as CSV (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    exportClass: 'download',
    produces: ['text/csv'],
    params: overviewParamsSchema,
    query: overviewQuerySchema,
    response: { 200: z.any().describe('The CSV file'), ...exportErrors },
  }),
  exportAgencyOverviewPdf: defineOperation({
    id: 'exportAgencyOverviewPdf',
    method: 'GET',
    path: `${AGENCY_PATH}/overview.pdf`,
    summary: 'The agency overview as PDF (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    exportClass: 'download',
    produces: ['application/pdf'],
    params: overviewParamsSchema,
    query: overviewQuerySchema,
    response: { 200: z.any().describe('The PDF file'), ...exportErrors },
  }),
};
