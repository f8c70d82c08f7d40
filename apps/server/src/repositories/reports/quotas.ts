import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportQuotaEvents } from '../../db/schema';

/** Report jobs requested (through the API) and report emails sent, each per user and per organization an hour. */
export interface ReportLimits {
  perUserPerHour: number;
  perOrganizationPerHour: number;
}
/** REPORT_LIMIT_PER_USER_PER_HOUR and REPORT_LIMIT_PER_ORGANIZATION_PER_HOUR unset. */
export const DEFAULT_REPORT_LIMITS: ReportLimits = { perUserPerHour: 20, perOrganizationPerHour: 200 };

const HOUR_MS = 3_600_000;

/** What is counted: a report job asked for through the API, or a report email handed to the mailer. */
export type QuotaKind = 'job' | 'email';

/**
 * Takes one unit of the hourly quota of `kind` for the organization and (when given) the user, or
 * says how long to wait (issue 18 item 8, docs/reports.md "Limits"): a sliding hour — the events of
 * the last 60 minutes are counted, and a refused call is told when the oldest of them leaves the
 * window (whole seconds, at least 1). Per organization, counting and recording run under a
 * transaction-scoped advisory lock, so concurrent requests of several processes cannot both take the
 * last unit. Events older than a day are deleted on the way.
 */
export async function takeReportQuota(
  db: Db,
  params: { kind: QuotaKind; organizationId: number; userId: number | null; now: Date; limits: ReportLimits },
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number; scope: 'user' | 'organization' }> {
  const { kind, organizationId, userId, now, limits } = params;
  const since = new Date(now.getTime() - HOUR_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(1818, ${organizationId})`);
    const window = (scope: 'user' | 'organization') =>
      tx
        .select({
          count: sql<number>`count(*)::int`,
          oldestMs: sql<number | null>`(extract(epoch from min(${reportQuotaEvents.at})) * 1000)::float8`,
        })
        .from(reportQuotaEvents)
        .where(
          and(
            eq(reportQuotaEvents.kind, kind),
            gt(reportQuotaEvents.at, since),
            scope === 'user'
              ? eq(reportQuotaEvents.userId, userId ?? -1)
              : eq(reportQuotaEvents.organizationId, organizationId),
          ),
        );
    const checks: Array<['user' | 'organization', number]> = [['organization', limits.perOrganizationPerHour]];
    if (userId !== null) checks.unshift(['user', limits.perUserPerHour]);
    for (const [scope, limit] of checks) {
      const [row] = await window(scope);
      if (Number(row!.count) >= limit) {
        const oldest = row!.oldestMs === null ? now.getTime() : Number(row!.oldestMs);
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
        return { ok: false as const, retryAfterSeconds, scope };
      }
    }
    await tx.insert(reportQuotaEvents).values({ organizationId, userId, kind, at: now });
    await tx.delete(reportQuotaEvents).where(lt(reportQuotaEvents.at, new Date(now.getTime() - 24 * HOUR_MS)));
    return { ok: true as const };
  });
}
