import type { FastifyRequest } from 'fastify';
import {
  AGENCY_PATH,
  auditOperations,
  ROLE_AGENCY_ADMIN,
  ROLE_PLATFORM_STAFF,
  type AuditEvent,
} from '@portal/contracts';
import type { RouteModule } from '../../route-module';
import { registerOperation } from '../../register';
import { forbidden } from '../../../lib/errors';
import { sendCsv, type CsvColumn } from '../../../lib/csv';
import { auditEventBatches, listAuditEvents, type AuditViewer } from '../../../repositories/audit';

/** The CSV columns of the audit log (`at` in UTC, ISO 8601). */
const auditCsvColumns: Array<CsvColumn<AuditEvent>> = [
  { header: 'When (UTC)', value: (row) => row.at },
  { header: 'User', value: (row) => row.user_email },
  { header: 'User id', value: (row) => row.user_id },
  { header: 'Client address', value: (row) => row.client_address },
  { header: 'Agency id', value: (row) => row.organization_id },
  { header: 'Dealership id', value: (row) => row.dealership_id },
  { header: 'Action', value: (row) => row.action },
  { header: 'Action label', value: (row) => row.action_label },
  { header: 'Target', value: (row) => row.target },
  { header: 'Status', value: (row) => row.status },
  { header: 'Summary', value: (row) => row.summary },
];

const fileDay = (now: Date) => now.toISOString().slice(0, 10);

/** Staff read every actor; an agency administrator never sees a staff account (`AuditViewer`). */
const viewerOf = (request: FastifyRequest): AuditViewer =>
  request.user?.role_id === ROLE_PLATFORM_STAFF ? 'staff' : 'agency';

/**
 * The audit log (issue 23 §3, docs/users.md "Audit log"): an agency's rows for its administrators
 * and platform staff (`/api/agencies/{organization_id}/audit-log`, roles 1–2: the tenant check, then
 * 403 for a dealership user), every row for platform staff (`/api/admin/audit-log`, role 1). Filters:
 * user, action, UTC days `from`..`to`; newest first. The CSV goes through the formula-safe writer.
 */
const auditRoutes: RouteModule = async (app) => {
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const url = request.routeOptions.url ?? '';
    // Module hooks run before a route's own: authenticate first, so anonymous is 401, not 403.
    if (!request.user) await app.requireUser(request, reply);
    const role = request.user?.role_id ?? 3;
    // The module's routes are the agency's (under the descriptors' agency prefix) and staff's.
    const agencyRoute = url.startsWith(`${AGENCY_PATH}/`);
    if (agencyRoute && role > ROLE_AGENCY_ADMIN) throw forbidden('Only an agency administrator may read the audit log');
    if (!agencyRoute && role !== ROLE_PLATFORM_STAFF) throw forbidden('Only platform staff read the whole audit log');
  });

  /** `GET .../audit-log?user_id&action&from&to&pageIndex&pageSize` → `{ data, total, actions, users }`. */
  registerOperation(app, auditOperations.listAuditLog, async (request) =>
    listAuditEvents(app.db, {
      organizationId: request.params.organization_id,
      query: request.query,
      viewer: viewerOf(request),
    }),
  );

  /** `GET .../audit-log/csv?user_id&action&from&to` → text/csv of every matching row, newest first. */
  registerOperation(app, auditOperations.exportAuditLogCsv, async (request, reply) =>
    sendCsv(reply, {
      fileName: `audit-log_agency-${request.params.organization_id}_${fileDay(app.clock())}.csv`,
      columns: auditCsvColumns,
      slices: auditEventBatches(app.db, {
        organizationId: request.params.organization_id,
        query: request.query,
        viewer: viewerOf(request),
      }),
    }),
  );

  /** `GET /api/admin/audit-log?…` (platform staff) → every agency's rows and those of no agency. */
  registerOperation(app, auditOperations.listAllAuditLog, async (request) =>
    listAuditEvents(app.db, { organizationId: null, query: request.query, viewer: 'staff' }),
  );

  /** `GET /api/admin/audit-log/csv?…` (platform staff) → text/csv of every matching row. */
  registerOperation(app, auditOperations.exportAllAuditLogCsv, async (request, reply) =>
    sendCsv(reply, {
      fileName: `audit-log_all_${fileDay(app.clock())}.csv`,
      columns: auditCsvColumns,
      slices: auditEventBatches(app.db, { organizationId: null, query: request.query, viewer: 'staff' }),
    }),
  );
};
export default auditRoutes;
