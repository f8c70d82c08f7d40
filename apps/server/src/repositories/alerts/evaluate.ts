import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  addDays,
  campaignFreshness,
  deliveryConditions,
  EVALUATED_RULES,
  formatDay,
  pacingStateLabels,
  TRAILING_DAYS,
  VENDOR_GOOGLE_ADS,
  type AlertCondition,
  type AlertThresholds,
  type DeliveryDay,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import {
  alerts,
  campaignDailyMetrics as daily,
  dealerships,
  managedCampaigns,
  organizations,
  selfServiceCampaigns,
  selfServiceDailyMetrics,
  syncRuns,
} from '../../db/schema';
import { loadCampaignTrust, loadTrustSettings } from '../trust';
import { loadAlertThresholds } from './settings';

/** A condition of one dealership's campaign (what `evaluateAlerts` writes). */
export interface FoundCondition extends AlertCondition {
  dealershipId: number;
  campaignId: number | null;
  campaignKind: 'managed' | 'self_service';
}

export interface EvaluationOutcome {
  organizations: number;
  /** Alerts opened by this evaluation (conditions not open before). */
  opened: number;
  /** Open alerts whose condition still holds (kept, `last_seen_at` moved). */
  kept: number;
  /** Open alerts whose condition cleared (resolved now). */
  resolved: number;
}

/** Lock namespace of the evaluation (pg_advisory_xact_lock(namespace, organization_id)). */
const EVALUATION_LOCK = 21_003;

/**
 * Evaluates the alert rules of every agency (or one) at `now` and writes the result (issue 21 §3,
 * docs/trust.md "Alerts"): each condition found is opened once (the partial unique index on
 * (organization_id, condition_key) where unresolved makes a second insert an update), a condition
 * seen again moves `last_seen_at`, and an open alert whose condition is gone is resolved. Each
 * agency is written in one transaction under an advisory lock, so evaluations running at once in
 * several processes serialize and never open a duplicate or reopen what another resolved.
 * Idempotent: evaluating twice on the same data changes nothing but `last_seen_at`.
 */
export async function evaluateAlerts(
  db: Db,
  params: { now: Date; organizationId?: number },
): Promise<EvaluationOutcome> {
  const orgs = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(params.organizationId === undefined ? undefined : eq(organizations.id, params.organizationId))
    .orderBy(organizations.id);
  const outcome: EvaluationOutcome = { organizations: orgs.length, opened: 0, kept: 0, resolved: 0 };
  for (const org of orgs) {
    const conditions = await findConditions(db, { organizationId: org.id, now: params.now });
    const written = await writeConditions(db, { organizationId: org.id, now: params.now, conditions });
    outcome.opened += written.opened;
    outcome.kept += written.kept;
    outcome.resolved += written.resolved;
  }
  return outcome;
}

/** Every condition of the agency's rules at `now` (reads only). */
export async function findConditions(
  db: Db,
  { organizationId, now }: { organizationId: number; now: Date },
): Promise<FoundCondition[]> {
  const settings = await loadTrustSettings(db, { organizationId });
  const thresholds = await loadAlertThresholds(db, { organizationId });
  const rooftops = await db
    .select({ id: dealerships.id })
    .from(dealerships)
    .where(eq(dealerships.organizationId, organizationId));
  const dealershipIds = rooftops.map((row) => row.id);
  if (dealershipIds.length === 0) return [];
  const found: FoundCondition[] = [];
  const trust = await loadCampaignTrust(db, { dealershipIds, now, settings });
  for (const campaign of trust) {
    const base = {
      dealershipId: campaign.dealership_id,
      campaignId: campaign.campaign_id,
      campaignKind: 'managed' as const,
    };
    const pacing = campaign.pacing;
    if (pacing && pacing.state !== 'on_track') {
      found.push({
        ...base,
        rule: 'pacing',
        key: `pacing:${campaign.campaign_id}`,
        metric: pacing.basis === 'impressions' ? 'Impressions to date' : 'Spend to date',
        expected: Math.round(pacing.expected_to_date * 100) / 100,
        actual: Math.round(pacing.actual_to_date * 100) / 100,
        from: addDays(pacing.as_of, -(pacing.elapsed_days - 1)),
        to: pacing.as_of,
        message: `${pacingStateLabels[pacing.state]}: ${pacing.pace_percent.toFixed(1)}% of the expected ${
          pacing.basis === 'impressions' ? 'impressions' : 'spend'
        } through ${formatDay(pacing.as_of, 'long')} (band ${pacing.band.low}–${pacing.band.high}%)`,
      });
    }
    const freshness = campaign.freshness;
    if (freshness.stale && freshness.expected_through) {
      found.push({
        ...base,
        rule: 'stale',
        key: `stale:${campaign.campaign_id}`,
        metric: 'Data through',
        expected: null,
        actual: null,
        from: addDays(freshness.expected_through, -6),
        to: freshness.expected_through,
        message: `Data expected through ${formatDay(freshness.expected_through, 'long')}; ${
          freshness.data_through
            ? `the last day received is ${formatDay(freshness.data_through, 'long')}`
            : 'no data received yet'
        }`,
      });
    }
  }
  const active = trust.filter((campaign) => campaign.pacing !== null || campaign.freshness.expected_through !== null);
  found.push(...(await deliveryFindings(db, { campaignIds: active.map((c) => c.campaign_id), thresholds })));
  found.push(...(await selfServiceFindings(db, { organizationId, now, settings })));
  return found;
}

/** The delivery rules over each active managed campaign's days through its newest day of data. */
async function deliveryFindings(
  db: Db,
  { campaignIds, thresholds }: { campaignIds: number[]; thresholds: AlertThresholds },
): Promise<FoundCondition[]> {
  if (campaignIds.length === 0) return [];
  const span = TRAILING_DAYS + thresholds.zero_day_lookback + 1;
  const flights = await db
    .select({
      id: managedCampaigns.id,
      dealershipId: managedCampaigns.dealershipId,
      start: managedCampaigns.startDate,
      end: managedCampaigns.endDate,
      through: sql<
        string | null
      >`(select f.data_through::text from campaign_freshness f where f.campaign_id = "managed_campaigns"."id")`,
    })
    .from(managedCampaigns)
    .where(inArray(managedCampaigns.id, campaignIds));
  const windows = flights
    .filter((flight) => flight.through !== null)
    .map((flight) => {
      const last = flight.through! < flight.end ? flight.through! : flight.end;
      const first = addDays(last, -(span - 1));
      return { ...flight, first: first > flight.start ? first : flight.start, last };
    })
    .filter((flight) => flight.first <= flight.last);
  if (windows.length === 0) return [];
  const earliest = windows.reduce((min, w) => (w.first < min ? w.first : min), windows[0]!.first);
  const rows = await db
    .select({ id: daily.campaignId, date: daily.date, impressions: daily.impressions, clicks: daily.clicks })
    .from(daily)
    .where(
      and(
        inArray(
          daily.campaignId,
          windows.map((w) => w.id),
        ),
        sql`${daily.date} >= ${earliest}::date`,
      ),
    );
  const byCampaign = new Map<number, Map<string, { impressions: number; clicks: number }>>();
  for (const row of rows) {
    const days = byCampaign.get(row.id) ?? new Map();
    days.set(row.date, { impressions: Number(row.impressions), clicks: Number(row.clicks) });
    byCampaign.set(row.id, days);
  }
  const found: FoundCondition[] = [];
  for (const window of windows) {
    const known = byCampaign.get(window.id) ?? new Map();
    const days: DeliveryDay[] = [];
    for (let day = window.first; day <= window.last; day = addDays(day, 1)) {
      const row = known.get(day);
      days.push({ date: day, impressions: row?.impressions ?? 0, clicks: row?.clicks ?? 0 });
    }
    for (const condition of deliveryConditions(window.id, days, thresholds))
      found.push({ ...condition, dealershipId: window.dealershipId, campaignId: window.id, campaignKind: 'managed' });
  }
  return found;
}

/** Self-service campaigns (Google Ads, Meta): a last sync that failed, and data stale while live. */
async function selfServiceFindings(
  db: Db,
  {
    organizationId,
    now,
    settings,
  }: { organizationId: number; now: Date; settings: Awaited<ReturnType<typeof loadTrustSettings>> },
): Promise<FoundCondition[]> {
  const rows = await db
    .select({
      id: selfServiceCampaigns.id,
      dealershipId: selfServiceCampaigns.dealershipId,
      vendorId: selfServiceCampaigns.vendorId,
      statusName: selfServiceCampaigns.statusName,
      status: selfServiceCampaigns.status,
      start: selfServiceCampaigns.startDate,
      end: selfServiceCampaigns.endDate,
      lastSyncedAt: selfServiceCampaigns.lastSyncedAt,
      dataThrough: sql<string | null>`(select max(d.date)::text from ${selfServiceDailyMetrics} d
        where d.campaign_id = "self_service_campaigns"."id")`,
      lastRun: sql<{ status: string; error: string | null; finished_at: string } | null>`(select json_build_object(
          'status', r.status, 'error', r.error, 'finished_at', r.finished_at)
        from ${syncRuns} r where r.campaign_id = "self_service_campaigns"."id" and r.source <> 'files'
        order by r.finished_at desc, r.id desc limit 1)`,
    })
    .from(selfServiceCampaigns)
    .where(eq(selfServiceCampaigns.organizationId, organizationId));
  const found: FoundCondition[] = [];
  for (const row of rows) {
    const base = { dealershipId: row.dealershipId, campaignId: row.id, campaignKind: 'self_service' as const };
    const platform = row.vendorId === VENDOR_GOOGLE_ADS ? 'Google Ads' : 'Meta';
    if (row.lastRun?.status === 'failed') {
      const day = row.lastRun.finished_at.slice(0, 10);
      found.push({
        ...base,
        rule: 'sync_failed',
        key: `sync_failed:ss:${row.id}`,
        metric: `${platform} sync`,
        expected: null,
        actual: null,
        from: addDays(day, -6),
        to: day,
        message: `The last ${platform} sync failed: ${row.lastRun.error ?? 'no reason given'}`,
      });
    }
    if (row.status !== 'available') continue;
    const freshness = campaignFreshness({
      source: row.vendorId === VENDOR_GOOGLE_ADS ? 'google_ads' : 'meta',
      dataThrough: row.dataThrough,
      updatedAt: row.lastSyncedAt,
      flight: row.statusName === 'active' ? { start: row.start, end: row.end } : { start: '9999-12-31', end: null },
      now,
      timeZone: settings.timeZone,
      staleAfterHour: settings.staleAfterHour,
    });
    if (freshness.stale && freshness.expected_through)
      found.push({
        ...base,
        rule: 'stale',
        key: `stale:ss:${row.id}`,
        metric: 'Data through',
        expected: null,
        actual: null,
        from: addDays(freshness.expected_through, -6),
        to: freshness.expected_through,
        message: `${platform} data expected through ${formatDay(freshness.expected_through, 'long')}; ${
          freshness.data_through
            ? `the last day received is ${formatDay(freshness.data_through, 'long')}`
            : 'no data received yet'
        }`,
      });
  }
  return found;
}

/** Conditions per multi-row upsert (14 parameters a row keeps a statement far under PostgreSQL's 65,535). */
const WRITE_BATCH = 1_000;

/**
 * Writes one agency's conditions under its advisory lock: insert-or-touch them in batches of one
 * multi-row `INSERT … ON CONFLICT` each (a condition already open keeps its `opened_at` and gets the
 * new figures and `last_seen_at`), then resolve the open alerts whose key is not among them (one
 * statement, the keys passed as one JSON array). Counts what happened.
 */
async function writeConditions(
  db: Db,
  { organizationId, now, conditions }: { organizationId: number; now: Date; conditions: FoundCondition[] },
): Promise<{ opened: number; kept: number; resolved: number }> {
  const byKey = new Map(conditions.map((condition) => [condition.key, condition]));
  const unique = [...byKey.values()];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EVALUATION_LOCK}, ${organizationId})`);
    let opened = 0;
    let kept = 0;
    for (let start = 0; start < unique.length; start += WRITE_BATCH) {
      const batch = unique.slice(start, start + WRITE_BATCH);
      const rows = await tx
        .insert(alerts)
        .values(
          batch.map((condition) => ({
            organizationId,
            dealershipId: condition.dealershipId,
            campaignId: condition.campaignId,
            campaignKind: condition.campaignKind,
            rule: condition.rule,
            conditionKey: condition.key,
            openedAt: now,
            metric: condition.metric,
            expected: condition.expected,
            actual: condition.actual,
            message: condition.message,
            reportFrom: condition.from,
            reportTo: condition.to,
            lastSeenAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [alerts.organizationId, alerts.conditionKey],
          targetWhere: isNull(alerts.resolvedAt),
          set: {
            metric: sql`excluded.metric`,
            expected: sql`excluded.expected`,
            actual: sql`excluded.actual`,
            message: sql`excluded.message`,
            reportFrom: sql`excluded.report_from`,
            reportTo: sql`excluded.report_to`,
            lastSeenAt: sql`excluded.last_seen_at`,
          },
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const row of rows) {
        if (row.inserted) opened += 1;
        else kept += 1;
      }
    }
    const keys = JSON.stringify(unique.map((condition) => condition.key));
    const resolved = await tx
      .update(alerts)
      .set({ resolvedAt: now })
      .where(
        and(
          eq(alerts.organizationId, organizationId),
          isNull(alerts.resolvedAt),
          inArray(alerts.rule, [...EVALUATED_RULES]),
          sql`not (${alerts.conditionKey} = any (select jsonb_array_elements_text(${keys}::jsonb)))`,
        ),
      )
      .returning({ id: alerts.id });
    return { opened, kept, resolved: resolved.length };
  });
}
