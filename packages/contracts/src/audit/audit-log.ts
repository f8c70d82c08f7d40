import * as z from 'zod';
import { isCalendarDate } from '../common/calendar';
import { idParamSchema } from '../common/ids';

/**
 * The audit log (issue 23 §3, docs/users.md "Audit log"): one append-only row per state-changing
 * request — who, when, from which address, tenant, action (the API operation's id), target, outcome
 * (HTTP status) and a summary of what changed with every secret left out.
 */

const calendarDay = z.string().refine(isCalendarDate, 'Use YYYY-MM-DD');

/** Filters of the audit log: user, action (operation id), UTC calendar days `from`..`to` inclusive; pages of 50 by default. */
export const auditLogQuerySchema = z.object({
  user_id: idParamSchema.optional(),
  action: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,79}$/, 'Unknown action')
    .optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  pageIndex: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** The same filters for the CSV export (every matching row, newest first). */
export const auditLogCsvQuerySchema = auditLogQuerySchema.omit({ pageIndex: true, pageSize: true });

/** One audit row. `at` ISO instant (UTC); `status` the HTTP status of the answer (2xx done, 4xx refused). */
export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  client_address: z.string().nullable(),
  organization_id: z.number().int().nullable(),
  dealership_id: z.number().int().nullable(),
  action: z.string(),
  action_label: z.string(),
  target: z.string().nullable(),
  status: z.number().int(),
  summary: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** A page of the log, the total of matching rows, and the actions and users to filter by. */
export const auditLogResponseSchema = z.object({
  data: z.array(auditEventSchema),
  total: z.number().int(),
  actions: z.array(z.object({ id: z.string(), label: z.string() })),
  users: z.array(z.object({ id: z.number().int(), email: z.string() })),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

export const auditAgencyParamsSchema = z.object({ organization_id: idParamSchema });
