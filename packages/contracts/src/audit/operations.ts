import * as z from 'zod';
import { errorResponseSchema } from '../common/errors';
import { AGENCY_PATH, AGENCY_ROLES, commonErrors, defineOperation } from '../operations/define';
import {
  auditAgencyParamsSchema,
  auditLogCsvQuerySchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
} from './audit-log';

const tags = ['audit'] as const;
const errors = { ...commonErrors, 403: errorResponseSchema };
const csvErrors = { ...errors, 429: errorResponseSchema };
const csvFile = z.any().describe('The CSV file');

/** The audit log (issue 23 §3): an agency's for its administrators, everything for platform staff. */
export const auditOperations = {
  listAuditLog: defineOperation({
    id: 'listAuditLog',
    method: 'GET',
    path: `${AGENCY_PATH}/audit-log`,
    summary: 'The agency’s audit log (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: auditAgencyParamsSchema,
    query: auditLogQuerySchema,
    response: { 200: auditLogResponseSchema, ...errors },
  }),
  exportAuditLogCsv: defineOperation({
    id: 'exportAuditLogCsv',
    method: 'GET',
    path: `${AGENCY_PATH}/audit-log/csv`,
    summary: 'The agency’s audit log as CSV (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    exportClass: 'download',
    produces: ['text/csv'],
    params: auditAgencyParamsSchema,
    query: auditLogCsvQuerySchema,
    response: { 200: csvFile, ...csvErrors },
  }),
  listAllAuditLog: defineOperation({
    id: 'listAllAuditLog',
    method: 'GET',
    path: '/api/admin/audit-log',
    summary: 'The whole audit log (role 1)',
    tags,
    roles: [1],
    query: auditLogQuerySchema,
    response: {
      200: auditLogResponseSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      403: errorResponseSchema,
    },
  }),
  exportAllAuditLogCsv: defineOperation({
    id: 'exportAllAuditLogCsv',
    method: 'GET',
    path: '/api/admin/audit-log/csv',
    summary: 'The whole audit log as CSV (role 1)',
    tags,
    roles: [1],
    exportClass: 'download',
    produces: ['text/csv'],
    query: auditLogCsvQuerySchema,
    response: {
      200: csvFile,
      400: errorResponseSchema,
      401: errorResponseSchema,
      403: errorResponseSchema,
      429: errorResponseSchema,
    },
  }),
};
