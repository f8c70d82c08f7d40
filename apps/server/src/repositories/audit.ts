import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, operationList, ROLE_PLATFORM_STAFF, type AuditEvent, type AuditLogQuery } from '@portal/contracts';
import type { Db } from '../db/client';
import { auditEvents, users } from '../db/schema';

/**
 * The audit log's reads and its retention (issue 23 §3, docs/users.md "Audit log"). Rows are
 * written by the audit hook (plugins/app/audit.ts) only.
 */

/** What the audit hook writes. */
export type NewAuditEvent = typeof auditEvents.$inferInsert;

/** Appends rows (the only write the table takes besides the retention job's deletes). */
export async function appendAuditEvents(db: Db, rows: NewAuditEvent[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditEvents).values(rows);
}

/** Labels of the actions: every state-changing operation of the registry, by id (its summary). */
export const auditActionLabels: ReadonlyMap<string, string> = new Map(
  operationList.filter((operation) => operation.method !== 'GET').map((operation) => [operation.id, operation.summary]),
);

/**
 * Who reads the log: platform staff see every actor; an agency administrator never sees a staff
 * account (docs/users.md "Roles"): a staff member's rows show as "Platform staff", without user id
 * or address, staff are not offered in the user filter, and filtering by a staff id finds nothing.
 */
export type AuditViewer = 'staff' | 'agency';

/** The label an agency administrator sees for a platform staff actor. */
export const STAFF_ACTOR_LABEL = 'Platform staff';

/** The ids of the platform staff accounts (a handful), for the agency viewer's masking. */
async function staffIds(db: Db, viewer: AuditViewer): Promise<ReadonlySet<number>> {
  if (viewer === 'staff') return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.roleId, ROLE_PLATFORM_STAFF));
  return new Set(rows.map((row) => row.id));
}

/** The filters of a log read: an organization (null: every row, platform staff), user, action, UTC days. */
function conditions(
  organizationId: number | null,
  query: Omit<AuditLogQuery, 'pageIndex' | 'pageSize'>,
  hidden: ReadonlySet<number> = new Set(),
): SQL | undefined {
  return and(
    organizationId === null ? undefined : eq(auditEvents.organizationId, organizationId),
    query.user_id === undefined
      ? undefined
      : hidden.has(query.user_id)
        ? sql`false`
        : eq(auditEvents.userId, query.user_id),
    query.action === undefined ? undefined : eq(auditEvents.action, query.action),
    query.from === undefined ? undefined : gte(auditEvents.at, new Date(`${query.from}T00:00:00Z`)),
    query.to === undefined ? undefined : lt(auditEvents.at, new Date(`${addDays(query.to, 1)}T00:00:00Z`)),
  );
}

type AuditRow = typeof auditEvents.$inferSelect;

/** A row as the API serves it; an actor among `hidden` (staff, for an agency viewer) shows as "Platform staff". */
function toEvent(row: AuditRow, hidden: ReadonlySet<number>): AuditEvent {
  const masked = row.userId !== null && hidden.has(row.userId);
  return {
    id: row.id,
    at: row.at.toISOString(),
    user_id: masked ? null : row.userId,
    user_email: masked ? STAFF_ACTOR_LABEL : row.userEmail,
    client_address: masked ? null : row.clientAddress,
    organization_id: row.organizationId,
    dealership_id: row.dealershipId,
    action: row.action,
    action_label: auditActionLabels.get(row.action) ?? row.action,
    target: row.target,
    status: row.status,
    summary: row.summary,
  };
}

/**
 * A page of the log, newest first, with the total and what the filters offer: the actions of the
 * registry and the users who appear in this organization's log (every user for staff's whole log).
 * `viewer` 'agency' masks staff actors (`AuditViewer`).
 */
export async function listAuditEvents(
  db: Db,
  { organizationId, query, viewer }: { organizationId: number | null; query: AuditLogQuery; viewer: AuditViewer },
) {
  const hidden = await staffIds(db, viewer);
  const where = conditions(organizationId, query, hidden);
  const [rows, [{ total } = { total: 0 }], people] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(query.pageSize)
      .offset(query.pageIndex * query.pageSize),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(auditEvents)
      .where(where),
    db
      .selectDistinct({ id: auditEvents.userId, email: auditEvents.userEmail })
      .from(auditEvents)
      .where(
        and(
          organizationId === null ? undefined : eq(auditEvents.organizationId, organizationId),
          sql`${auditEvents.userId} is not null`,
        ),
      )
      .orderBy(asc(auditEvents.userEmail))
      .limit(500),
  ]);
  return {
    data: rows.map((row) => toEvent(row, hidden)),
    total,
    actions: [...auditActionLabels]
      .map(([id, label]) => ({ id, label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    users: people.flatMap((p) =>
      p.id === null || p.email === null || hidden.has(p.id) ? [] : [{ id: p.id, email: p.email }],
    ),
  };
}

/** Every matching row, newest first, in batches of `batch` (the CSV export streams them). */
export async function* auditEventBatches(
  db: Db,
  {
    organizationId,
    query,
    viewer,
    batch = 1000,
  }: {
    organizationId: number | null;
    query: Omit<AuditLogQuery, 'pageIndex' | 'pageSize'>;
    viewer: AuditViewer;
    batch?: number;
  },
): AsyncGenerator<AuditEvent[]> {
  const hidden = await staffIds(db, viewer);
  let before: { at: Date; id: number } | null = null;
  for (;;) {
    const cursor: { at: Date; id: number } | null = before;
    const rows: AuditRow[] = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          conditions(organizationId, query, hidden),
          cursor === null
            ? undefined
            : sql`(${auditEvents.at}, ${auditEvents.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})`,
        ),
      )
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows.map((row) => toEvent(row, hidden));
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    before = { at: last.at, id: last.id };
  }
}

/**
 * Deletes rows older than `retentionDays` before `now` (the retention job; the append-only trigger
 * allows it only in a transaction that sets `portal.audit_retention`). Returns how many went.
 */
export async function deleteExpiredAuditEvents(
  db: Db,
  { now, retentionDays }: { now: Date; retentionDays: number },
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.audit_retention', 'on', true)`);
    const deleted = await tx.delete(auditEvents).where(lt(auditEvents.at, cutoff)).returning({ id: auditEvents.id });
    return deleted.length;
  });
}
