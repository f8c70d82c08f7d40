import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  alertRuleLabels,
  type Alert,
  type AlertListQuery,
  type AlertListResponse,
  type AlertRule,
  type AlertState,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { alertComments, alerts, dealerships, managedCampaigns, selfServiceCampaigns, users } from '../../db/schema';

/** Who reads: the agency, the dealerships they may open (null: every one of the agency) and today (agency-local). */
export interface AlertViewer {
  organizationId: number;
  timeZone: string;
  /** Null for roles 1–2 (every dealership of the agency); a dealership user's own otherwise. */
  dealershipIds: number[] | null;
  today: string;
}

/** The state an alert shows (see `alertStateSchema`): resolved, else snoozed through its day, else acknowledged, else open. */
const stateSql = (today: string | Placeholder) => sql<AlertState>`case
  when ${alerts.resolvedAt} is not null then 'resolved'
  when ${alerts.snoozedUntil} is not null and ${alerts.snoozedUntil} >= ${today}::date then 'snoozed'
  when ${alerts.acknowledgedAt} is not null then 'acknowledged'
  else 'open' end`;

function visible(viewer: AlertViewer): SQL | undefined {
  return and(
    eq(alerts.organizationId, viewer.organizationId),
    viewer.dealershipIds === null
      ? undefined
      : viewer.dealershipIds.length === 0
        ? sql`false`
        : inArray(alerts.dealershipId, viewer.dealershipIds),
  );
}

const toIso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The alert centre's page (issue 21 §3): the viewer's alerts matching the filters, newest first,
 * with each one's comments; `counts` per state over everything the viewer may see.
 */
export async function listAlerts(
  db: Db,
  viewer: AlertViewer,
  query: AlertListQuery,
  only: { alertId?: number } = {},
): Promise<AlertListResponse> {
  const state = stateSql(viewer.today);
  const filters = and(
    visible(viewer),
    only.alertId === undefined ? undefined : eq(alerts.id, only.alertId),
    query.dealership_id === undefined ? undefined : eq(alerts.dealershipId, query.dealership_id),
    query.campaign_id === undefined ? undefined : eq(alerts.campaignId, query.campaign_id),
    query.rule === undefined ? undefined : eq(alerts.rule, query.rule),
    query.state === 'all'
      ? undefined
      : query.state === 'unresolved'
        ? sql`${alerts.resolvedAt} is null`
        : sql`${state} = ${query.state}`,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(alerts)
    .where(filters);
  const rows = await db
    .select({
      id: alerts.id,
      rule: alerts.rule,
      state,
      dealershipId: alerts.dealershipId,
      dealershipName: dealerships.name,
      campaignId: alerts.campaignId,
      campaignKind: alerts.campaignKind,
      managedName: managedCampaigns.displayName,
      productCode: managedCampaigns.productCode,
      selfServiceName: selfServiceCampaigns.name,
      metric: alerts.metric,
      expected: alerts.expected,
      actual: alerts.actual,
      message: alerts.message,
      reportFrom: alerts.reportFrom,
      reportTo: alerts.reportTo,
      openedAt: alerts.openedAt,
      lastSeenAt: alerts.lastSeenAt,
      resolvedAt: alerts.resolvedAt,
      acknowledgedAt: alerts.acknowledgedAt,
      acknowledgedBy: users.name,
      snoozedUntil: alerts.snoozedUntil,
    })
    .from(alerts)
    .innerJoin(dealerships, eq(dealerships.id, alerts.dealershipId))
    .leftJoin(managedCampaigns, and(eq(managedCampaigns.id, alerts.campaignId), eq(alerts.campaignKind, 'managed')))
    .leftJoin(
      selfServiceCampaigns,
      and(eq(selfServiceCampaigns.id, alerts.campaignId), eq(alerts.campaignKind, 'self_service')),
    )
    .leftJoin(users, eq(users.id, alerts.acknowledgedBy))
    .where(filters)
    .orderBy(desc(alerts.openedAt), desc(alerts.id))
    .limit(query.pageSize)
    .offset(query.pageIndex * query.pageSize);
  const comments = await commentsOf(
    db,
    rows.map((row) => row.id),
  );
  const counts = { open: 0, acknowledged: 0, snoozed: 0, resolved: 0 };
  const countRows = await db
    .select({ state, n: sql<number>`count(*)`.mapWith(Number) })
    .from(alerts)
    .where(visible(viewer))
    .groupBy(sql`1`);
  for (const row of countRows) counts[row.state] = row.n;
  const rooftops = await db
    .selectDistinct({ id: dealerships.id, name: dealerships.name })
    .from(alerts)
    .innerJoin(dealerships, eq(dealerships.id, alerts.dealershipId))
    .where(visible(viewer))
    .orderBy(asc(dealerships.name));
  return {
    data: rows.map((row): Alert => ({
      id: row.id,
      rule: row.rule as AlertRule,
      rule_label: alertRuleLabels[row.rule as AlertRule] ?? row.rule,
      state: row.state,
      dealership_id: row.dealershipId,
      dealership_name: row.dealershipName,
      campaign_id: row.campaignId,
      campaign_kind: row.campaignKind === 'self_service' ? 'self_service' : 'managed',
      campaign_name: row.managedName ?? row.selfServiceName ?? null,
      product_code: row.productCode ?? null,
      metric: row.metric,
      expected: row.expected === null ? null : Number(row.expected),
      actual: row.actual === null ? null : Number(row.actual),
      message: row.message,
      report_from: row.reportFrom,
      report_to: row.reportTo,
      opened_at: toIso(row.openedAt)!,
      last_seen_at: toIso(row.lastSeenAt)!,
      resolved_at: toIso(row.resolvedAt),
      acknowledged_at: toIso(row.acknowledgedAt),
      acknowledged_by: row.acknowledgedBy ?? null,
      snoozed_until: row.snoozedUntil,
      comments: comments.get(row.id) ?? [],
    })),
    total,
    counts,
    time_zone: viewer.timeZone,
    today: viewer.today,
    dealerships: rooftops,
  };
}

async function commentsOf(db: Db, alertIds: number[]) {
  const byAlert = new Map<number, Alert['comments']>();
  if (alertIds.length === 0) return byAlert;
  const rows = await db
    .select({
      id: alertComments.id,
      alertId: alertComments.alertId,
      userName: users.name,
      body: alertComments.body,
      createdAt: alertComments.createdAt,
    })
    .from(alertComments)
    .leftJoin(users, eq(users.id, alertComments.userId))
    .where(inArray(alertComments.alertId, alertIds))
    .orderBy(asc(alertComments.createdAt), asc(alertComments.id));
  for (const row of rows) {
    const list = byAlert.get(row.alertId) ?? [];
    list.push({ id: row.id, user_name: row.userName, body: row.body, created_at: toIso(row.createdAt)! });
    byAlert.set(row.alertId, list);
  }
  return byAlert;
}

/** One alert as the viewer sees it; null when it is not theirs to see (another agency or dealership). */
export async function getAlert(db: Db, viewer: AlertViewer, alertId: number): Promise<Alert | null> {
  const result = await listAlerts(db, viewer, { state: 'all', pageIndex: 0, pageSize: 1 }, { alertId });
  return result.data[0] ?? null;
}

/**
 * `resolved_at is null`, which every state but 'resolved' implies, said outright: the state's `case`
 * hides it from the planner, which then read every alert of the table (a sequential scan of 20,000
 * alerts, 7 ms, in the overview at full scale) instead of the partial index of unresolved alerts
 * (`alerts_open_condition_idx`, organization first).
 */
const unresolved = sql`${alerts.resolvedAt} is null`;

/** Open alerts (not acknowledged, not snoozed) the viewer may see: the bell's count. */
export async function countOpenAlerts(db: Db, viewer: AlertViewer): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(alerts)
    .where(and(visible(viewer), unresolved, sql`${stateSql(viewer.today)} = 'open'`));
  return row?.n ?? 0;
}

/**
 * Open alerts per dealership of an agency (the overview's column): the rows `(dealership_id, n)` of
 * the alerts of `organizationId`'s rooftops `dealershipIds` unresolved and not snoozed through
 * `today` (agency-local date; acknowledged ones count until they clear, issue 21 §3); dealerships
 * without any are absent. Read through `alerts_open_dealership_idx`: the statement is prepared once
 * and its generic plan, which cannot know how many alerts one organization has, read the whole table
 * by the organization (15 ms at full scale, where one agency has 95 % of the alerts); the index holds
 * every column the count reads, so it is counted from the index alone where vacuum has marked the
 * pages all-visible (migration 0030). A
 * fragment with named values (`sql.placeholder`) for a statement prepared once
 * (`db/prepared-rows.ts`): the overview runs it inside its signals statement on every answer.
 */
export const openAlertsPerDealershipSql = () =>
  sql`select ${alerts.dealershipId} as dealership_id, count(*)::int as n from ${alerts}
      where ${alerts.dealershipId} = any(${sql.placeholder('dealershipIds')}::int[])
        and ${alerts.organizationId} = ${sql.placeholder('organizationId')} and ${unresolved}
        and ${stateSql(sql.placeholder('today'))} in ('open', 'acknowledged')
      group by ${alerts.dealershipId}`;
