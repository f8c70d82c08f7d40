import { deleteExpiredAuditEvents } from '../repositories/audit';
import type { JobDefinition } from './job-definition';

/** Deletes audit rows older than the retention period (issue 23 §3; AUDIT_RETENTION_DAYS, default 400). */
export const AUDIT_RETENTION_QUEUE = 'audit-retention';

/**
 * The retention job: daily at 03:17 UTC (pg-boss cron), deletes the audit rows older than
 * `app.accounts.auditRetentionDays` days before `app.clock()`. Idempotent (a second run deletes
 * nothing more); the only deletes the append-only table allows.
 */
export const auditRetentionJob: JobDefinition = {
  name: AUDIT_RETENTION_QUEUE,
  queue: { retryLimit: 3 },
  schedule: { cron: '17 3 * * *', tz: 'UTC' },
  async handler(app) {
    const deleted = await deleteExpiredAuditEvents(app.db, {
      now: app.clock(),
      retentionDays: app.accounts.auditRetentionDays,
    });
    app.log.info({ deleted, retentionDays: app.accounts.auditRetentionDays }, 'audit rows past retention deleted');
  },
};
