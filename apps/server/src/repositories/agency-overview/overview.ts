import { sql, type SQL } from 'drizzle-orm';
import {
  ctrPercent,
  flightDays,
  PEER_BAND_MIN_ROOFTOPS,
  previousPeriod,
  type OverviewMetrics,
  type OverviewQuery,
  type OverviewResponse,
  type OverviewRow,
  type OverviewSalesSource,
  type AttributionModel,
  type AttributionRule,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { ChangeAwareCache } from '../../lib/change-aware-cache';
import { jsonRows, preparedStatement, rowsOfJson } from '../../db/prepared-rows';
import { openAlertsPerDealershipSql } from '../alerts';
import { attributionStatement, rowsOf } from '../attribution/rule';
import { trustSettingsOf, type TrustSettings } from '../trust';
import { rooftopTrustCountsSql, trustSignalsOf, trustValues, type RooftopTrustRow } from './trust-signals';

/** Summed parts of a period (spend in dollars). Ratios are computed from these, never averaged. */
interface Sums {
  impressions: number;
  clicks: number;
  spend: number;
  leads: number;
  calls: number;
  sales: number;
}

const zero = (): Sums => ({ impressions: 0, clicks: 0, spend: 0, leads: 0, calls: 0, sales: 0 });
const add = (into: Sums, from: Sums) => {
  into.impressions += from.impressions;
  into.clicks += from.clicks;
  into.spend += from.spend;
  into.leads += from.leads;
  into.calls += from.calls;
  into.sales += from.sales;
};
const cents = (dollars: number) => Math.round(dollars * 100) / 100;

/**
 * The metrics of summed parts: CTR (percent, two decimals) = clicks ÷ impressions; cost per lead =
 * spend ÷ leads; cost per sale = spend ÷ sales (dollars to cents) — null for a zero denominator
 * (spec 000 §9). `salesSpend`/`sales` are the spend and sales of rooftops with a sales source
 * (`salesKnown` false: none has one, sales and cost per sale null).
 */
export function metricsOf(sums: Sums, sales: { known: boolean; sales: number; spend: number }): OverviewMetrics {
  return {
    impressions: sums.impressions,
    clicks: sums.clicks,
    ctr: ctrPercent(sums.clicks, sums.impressions),
    spend: cents(sums.spend),
    leads: sums.leads,
    calls: sums.calls,
    sales: sales.known ? sales.sales : null,
    cost_per_lead: sums.leads > 0 ? cents(sums.spend / sums.leads) : null,
    cost_per_sale: sales.known && sales.sales > 0 ? cents(sales.spend / sales.sales) : null,
  };
}

const SUMMED = ['impressions', 'clicks', 'spend', 'leads', 'calls', 'sales'] as const;

/**
 * Every summed column over the days `first`..`last` (SQL dates) of `dealership_monthly_metrics` rows
 * `m`, as float8, named `<prefix>_<column>`: a month's part of the range is its running sum at the
 * range's last day in the month (or the month's last) less its running sum the day before the range's
 * first (null, so 0, before the month's first day); months outside the range are not summed.
 */
function sumColumns(prefix: 'c' | 'p', first: SQL, last: SQL): SQL {
  return sql.join(
    SUMMED.map((column) => {
      const runningSums = sql.raw(`m.${column}`);
      return sql`coalesce(sum(${runningSums}[least(${last} - m.month + 1, cardinality(${runningSums}))]
          - coalesce(${runningSums}[${first} - m.month], 0))
        filter (where m.month <= ${last} and m.month + cardinality(${runningSums}) > ${first}), 0)::float8
        as ${sql.raw(`${prefix}_${column}`)}`;
    }),
    sql`, `,
  );
}

/** The summed parts of one period of a sums row. */
function sumsOf(row: SumsRow, prefix: 'c' | 'p'): Sums {
  const sums = zero();
  for (const column of SUMMED) sums[column] = Number(row[`${prefix}_${column}`]);
  return sums;
}

/**
 * A row of the overview's sums statement: `c_*` the range, `p_*` the previous period; `months` the
 * months the range touches, each as `[offset, impressions]`: the days from the range's first day to
 * the month's first (negative when the month began before the range) and the month's running sums
 * of impressions (element i the sum of its days 1..i+1; null when the range touches no month with a
 * row).
 */
type SumsRow = { dealership_id: number; months: Array<[number, number[]]> | null } & Record<
  `${'c' | 'p'}_${(typeof SUMMED)[number]}`,
  number
>;

/**
 * The daily impressions of a range of `rangeDays` days (0 where no day has a row) from a sums row's
 * `months`: a day's value is its running sum less the day before's.
 */
function dailyImpressionsOf(months: SumsRow['months'], rangeDays: number): number[] {
  const daily = new Array<number>(rangeDays).fill(0);
  for (const [offset, runningSums] of months ?? [])
    for (let i = Math.max(0, -offset); i < runningSums.length && offset + i < rangeDays; i++)
      daily[offset + i] = Number(runningSums[i]) - (i > 0 ? Number(runningSums[i - 1]) : 0);
  return daily;
}

/** The overview's context row: the agency, its rule and trust settings, its rooftops as JSON. */
interface ContextRow {
  id: number;
  name: string;
  window_days: number;
  model: AttributionModel;
  time_zone: string | null;
  pacing_low: string | number | null;
  pacing_high: string | number | null;
  stale_after_hour: number | null;
  rooftops: unknown;
}

/** The p-th percentile (0–100) of sorted values, linear between the closest ranks. */
function percentile(sorted: number[], p: number): number {
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/** The 25th–75th percentile band of the values, or null below PEER_BAND_MIN_ROOFTOPS values. */
export function peerBand(values: number[]) {
  if (values.length < PEER_BAND_MIN_ROOFTOPS) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    p25: round(percentile(sorted, 25)),
    p50: round(percentile(sorted, 50)),
    p75: round(percentile(sorted, 75)),
    rooftops: values.length,
  };
}

/** Rooftop names in English order, case and accents ignored (one collator: `localeCompare` with options builds one per call). */
const byNameCollator = new Intl.Collator('en', { sensitivity: 'base' });

const positionIn = (band: ReturnType<typeof peerBand>, value: number | null) =>
  band === null || value === null ? null : value < band.p25 ? 'below' : value > band.p75 ? 'above' : 'within';

/** A rooftop of the overview's context. */
interface ContextRooftop {
  id: number;
  name: string;
  city: string | null;
  state: string | null;
  /** A connected sold-report source (platform-reported sales count). */
  has_source: boolean;
  /** Sales records loaded (the portal's attribution applies). */
  has_records: boolean;
}

/** What the overview needs of an agency besides its figures: read once per change (`OverviewContexts`). */
export interface OverviewContext {
  organization: { id: number; name: string };
  rule: AttributionRule;
  settings: TrustSettings;
  /** In name order (case ignored), then id. */
  rooftops: ContextRooftop[];
}

/**
 * The overview contexts one server process keeps, per organization, until a committed write names
 * that organization (or everything; `db/change-notifications.ts`) — the agency's name, rule, trust
 * settings and rooftops change rarely, and reading them was one of the answer's two round trips to
 * PostgreSQL (docs/users.md "Agency overview"). The figures are computed on every request. Nothing is
 * kept while notifications cannot arrive (`ChangeAwareCache`). The overview's route module owns one
 * and follows `portal_data_changed` with it (routes/api/agency-overview).
 */
export type OverviewContexts = ChangeAwareCache<OverviewContext>;

/** A context cache for `getAgencyOverview` (at most `max` agencies). */
export const overviewContexts = (max = 1_000): OverviewContexts => new ChangeAwareCache<OverviewContext>({ max });

/**
 * The overview's context (`organizationId`): the agency, its attribution rule and trust settings,
 * and its rooftops (whether each has sales records) as JSON, in one statement: each statement costs
 * a round trip, which the overview at 50 connections is bound by (docs/users.md "Agency overview").
 */
const contextStatement = preparedStatement<{ organizationId: number }, ContextRow>(
  () =>
    sql`select o.id, o.name, o.attribution_window_days as window_days, o.attribution_model as model,
          o.time_zone, s.pacing_low, s.pacing_high, s.stale_after_hour,
          coalesce((
            select json_agg(json_build_object('id', d.id, 'name', d.name, 'city', d.city, 'state', d.state,
                'has_source', d.has_sold_report_source,
                'has_records', exists (select 1 from vehicle_sales v where v.dealership_id = d.id))
              order by lower(d.name), d.id)
            from dealerships d where d.organization_id = o.id), '[]'::json) as rooftops
        from organizations o
        left join agency_trust_settings s on s.organization_id = o.id
        where o.id = ${sql.placeholder('organizationId')}`,
);

/**
 * The sums of the rooftops `dealershipIds` (the agency's rooftops, read by the context statement)
 * over the range `start`..`end` and the previous period `previousStart`..`start - 1` (dates, local):
 * one row per rooftop with a month row in either (`SumsRow`), read from `dealership_monthly_metrics`
 * — the running sums of each month, two elements per month and period (`sumColumns`), so about two
 * rows per rooftop instead of every day of both periods (docs/performance.md "Roll-ups") — summed in
 * PostgreSQL as float8 (JavaScript numbers without parsing strings; the sums are exact below 2^53);
 * and the running impressions of the range's months for the sparkline (`dailyImpressionsOf`).
 */
const sumsSql = () =>
  sql`select m.dealership_id,
          ${sumColumns('c', sql`k.start`, sql`k.last`)},
          ${sumColumns('p', sql`k.previous_start`, sql`(k.start - 1)`)},
          json_agg(json_build_array(m.month - k.start, m.impressions) order by m.month)
            filter (where m.month <= k.last and m.month + cardinality(m.impressions) > k.start) as months
        from (select ${sql.placeholder('start')}::date as start, ${sql.placeholder('previousStart')}::date as previous_start,
            ${sql.placeholder('end')}::date as last) k
        cross join dealership_monthly_metrics m
        where m.dealership_id = any(${sql.placeholder('dealershipIds')}::int[])
          and m.month between date_trunc('month', ${sql.placeholder('previousStart')}::date)::date
            and ${sql.placeholder('end')}::date
        group by m.dealership_id`;

/**
 * The overview's figures in one statement (one round trip, prepared once per handle): the sums
 * (`sumsSql`), the pacing and freshness counts (`rooftopTrustCountsSql`) and the open alerts
 * (`openAlertsPerDealershipSql`), each a subquery planned as it is alone, its rows as JSON. At 50
 * connections the overview's server thread was busy in the writes of its four statements to
 * PostgreSQL (docs/users.md "Agency overview"); two statements an answer instead of four.
 */
const figuresStatement = preparedStatement<
  ReturnType<typeof trustValues> & { dealershipIds: number[]; start: string; previousStart: string; end: string },
  { sums: unknown; counts: unknown; alerts: unknown }
>(
  () =>
    sql`select ${jsonRows(sumsSql())} as sums, ${jsonRows(rooftopTrustCountsSql())} as counts,
          ${jsonRows(openAlertsPerDealershipSql())} as alerts`,
);

/**
 * The agency's overview context from `contexts` when kept, else read (`contextStatement`) and kept
 * unless a change of the organization arrived meanwhile; null when the organization does not exist.
 */
async function loadContext(
  db: Db,
  organizationId: number,
  contexts: OverviewContexts | undefined,
): Promise<OverviewContext | null> {
  const key = String(organizationId);
  const kept = contexts?.get(key);
  if (kept) return kept;
  const since = contexts?.begin() ?? 0;
  const [agency] = await contextStatement(db, { organizationId });
  if (!agency) return null;
  const context: OverviewContext = {
    organization: { id: Number(agency.id), name: agency.name },
    rule: { model: agency.model, window_days: Number(agency.window_days) },
    settings: trustSettingsOf({
      timeZone: agency.time_zone,
      low: agency.pacing_low,
      high: agency.pacing_high,
      staleAfterHour: agency.stale_after_hour,
    }),
    rooftops: (typeof agency.rooftops === 'string' ? JSON.parse(agency.rooftops) : agency.rooftops) as ContextRooftop[],
  };
  contexts?.set(key, context, since, { organizationId, dealershipId: 0 });
  return context;
}

/**
 * The agency overview (issue 23 §1): every rooftop of the organization with impressions, clicks,
 * CTR, spend, leads, calls, attributed sales (null without a sales source, as the reports show '-'),
 * cost per lead and per sale over `startDate`..`endDate` and the previous period of the same length;
 * the daily impressions of the range (sparkline); pacing, alerts and freshness (issue 21's slot,
 * `trustSignalsOf`); the totals row of the rows shown, ratios recomputed from the
 * summed parts; and the agency's percentile bands of CTR and cost per lead among rooftops with
 * impressions (leads) in the range — only when at least 5 are comparable. `q` filters rows by name
 * (the bands stay the agency's); rows are ordered by `sort`/`desc`, nulls last, then by name.
 * Two statements (three when a rooftop has sales records): the agency with its rules and rooftops
 * (`contexts`, when given, keeps it per organization until a committed write names the agency, in
 * this process at once and in others when PostgreSQL's notification arrives: then one statement);
 * then the figures (`figuresStatement`): the months of each rooftop that both periods touch in
 * `dealership_monthly_metrics` (running sums of its campaigns' days that triggers keep,
 * docs/performance.md "Roll-ups") summed per rooftop and period, the pacing/freshness counts and the
 * open alerts; beside it the attribution of the rooftops with sales records. Null when the
 * organization does not exist.
 */
export async function getAgencyOverview(
  db: Db,
  {
    organizationId,
    query,
    now,
    contexts,
  }: { organizationId: number; query: OverviewQuery; now?: Date; contexts?: OverviewContexts },
): Promise<OverviewResponse | null> {
  // 1. The agency with its rules and rooftops (kept per change), then 2. the figures and the attribution at once.
  const context = await loadContext(db, organizationId, contexts);
  if (!context) return null;
  const { organization, rule, settings, rooftops } = context;
  const range = { startDate: query.startDate, endDate: query.endDate };
  const previous = previousPeriod(range);
  const ids = rooftops.map((rooftop) => rooftop.id);
  const withRecords = rooftops.filter((rooftop) => rooftop.has_records).map((rooftop) => rooftop.id);
  const [[figures], attributed] = await Promise.all([
    figuresStatement(db, {
      ...trustValues(organizationId, settings, now ?? new Date()),
      dealershipIds: ids,
      start: range.startDate,
      previousStart: previous.startDate,
      end: range.endDate,
    }),
    attributedSalesByRooftop(db, {
      ids: withRecords,
      currentStart: range.startDate,
      previous,
      endDate: range.endDate,
    }),
  ]);
  const sums = rowsOfJson<SumsRow>(figures?.sums);
  const signals = trustSignalsOf(
    ids,
    rowsOfJson<RooftopTrustRow>(figures?.counts),
    rowsOfJson<{ dealership_id: number; n: number }>(figures?.alerts),
    settings.timeZone,
  );
  const rangeDays = flightDays(range.startDate, range.endDate);
  const perRooftop = new Map(
    ids.map((id) => [id, { current: zero(), previous: zero(), daily: new Array<number>(rangeDays).fill(0) }]),
  );
  for (const row of sums) {
    const entry = perRooftop.get(Number(row.dealership_id))!;
    entry.current = sumsOf(row, 'c');
    entry.previous = sumsOf(row, 'p');
    entry.daily = dailyImpressionsOf(row.months, rangeDays);
  }

  const allRows = rooftops.map((rooftop) => {
    const entry = perRooftop.get(rooftop.id)!;
    const own = attributed.get(rooftop.id);
    const source: OverviewSalesSource = own ? 'attributed' : rooftop.has_source ? 'platform' : 'none';
    if (own) {
      entry.current.sales = own.current;
      entry.previous.sales = own.previous;
    }
    const hasSales = source !== 'none';
    const salesOf = (sums: Sums) => ({ known: hasSales, sales: sums.sales, spend: sums.spend });
    return {
      hasSales,
      sums: entry,
      row: {
        sales_source: source,
        dealership_id: rooftop.id,
        name: rooftop.name,
        city: rooftop.city,
        state: rooftop.state,
        current: metricsOf(entry.current, salesOf(entry.current)),
        previous: metricsOf(entry.previous, salesOf(entry.previous)),
        daily_impressions: entry.daily,
        trust: signals.get(rooftop.id)!,
        peer: { ctr: null, cost_per_lead: null },
      } as OverviewRow,
    };
  });

  const bands = {
    ctr: peerBand(allRows.flatMap(({ row }) => (row.current.ctr === null ? [] : [row.current.ctr]))),
    cost_per_lead: peerBand(
      allRows.flatMap(({ row }) => (row.current.cost_per_lead === null ? [] : [row.current.cost_per_lead])),
    ),
  };
  for (const { row } of allRows)
    row.peer = {
      ctr: positionIn(bands.ctr, row.current.ctr),
      cost_per_lead: positionIn(bands.cost_per_lead, row.current.cost_per_lead),
    };

  const needle = query.q?.toLowerCase();
  const shown = needle ? allRows.filter(({ row }) => row.name.toLowerCase().includes(needle)) : allRows;
  const totals = (period: 'current' | 'previous') => {
    const sums = zero();
    const sales = { known: false, sales: 0, spend: 0 };
    for (const { sums: entry, hasSales } of shown) {
      add(sums, entry[period]);
      if (hasSales) {
        sales.known = true;
        sales.sales += entry[period].sales;
        sales.spend += entry[period].spend;
      }
    }
    return metricsOf(sums, sales);
  };

  const rows = shown.map(({ row }) => row);
  const value = (row: OverviewRow) => (query.sort === 'name' ? null : row.current[query.sort]);
  rows.sort((a, b) => {
    if (query.sort !== 'name') {
      const left = value(a);
      const right = value(b);
      if (left === null && right !== null) return 1;
      if (right === null && left !== null) return -1;
      if (left !== null && right !== null && left !== right) return query.desc ? right - left : left - right;
    }
    const byName = byNameCollator.compare(a.name, b.name);
    return query.sort === 'name' && query.desc ? -byName : byName;
  });

  return {
    organization,
    range,
    previous_range: previous,
    rows,
    totals: { current: totals('current'), previous: totals('previous') },
    peer_bands: bands,
    attribution_rule: rule,
    rooftops: rooftops.length,
  };
}

/**
 * The portal's attributed sales (issue 22 §2, `attributionStatement`: the agency's window and model)
 * of the rooftops `ids` (those with sales records), sold in the range (`current`) and in the previous period
 * (`previous`). A rooftop's campaigns share each of its sales, so its attributed sales are the
 * distinct sales matched to any of them. Rooftops without a sales record are absent (their sales
 * come from the ad platforms, or are unknown).
 */
async function attributedSalesByRooftop(
  db: Db,
  {
    ids,
    currentStart,
    previous,
    endDate,
  }: { ids: number[]; currentStart: string; previous: { startDate: string }; endDate: string },
): Promise<Map<number, { current: number; previous: number }>> {
  // Most agencies have no sales records yet: the caller passes only the rooftops that have some (the
  // context statement's `has_records`), and the attribution statement, whose planning alone costs
  // milliseconds, runs only for them.
  if (ids.length === 0) return new Map();
  const list = sql`${sql.param(ids)}::int[]`;
  const rows = await rowsOf<{ dealership_id: number; current: number; previous: number }>(
    db,
    sql`select d.id as dealership_id,
          count(distinct (a.vin, a.sold_date)) filter (where a.sold_date >= ${currentStart}::date)::int as current,
          count(distinct (a.vin, a.sold_date)) filter (where a.sold_date < ${currentStart}::date)::int as previous
        from dealerships d
        left join (${attributionStatement(
          sql`vs.dealership_id = any(${list}) and vs.sold_date between ${previous.startDate}::date and ${endDate}::date`,
        )}) a on a.dealership_id = d.id
        where d.id = any(${list})
        group by d.id`,
  );
  return new Map(
    rows.map((row) => [Number(row.dealership_id), { current: Number(row.current), previous: Number(row.previous) }]),
  );
}
