import { and, asc, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ctrPercent,
  daysOf,
  PEER_BAND_MIN_ROOFTOPS,
  previousPeriod,
  type OverviewMetrics,
  type OverviewQuery,
  type OverviewResponse,
  type OverviewRow,
  type OverviewSalesSource,
  type AttributionModel,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { dealershipDailyMetrics as metrics, dealerships, organizations } from '../../db/schema';
import { attributionStatement, rowsOf } from '../attribution/rule';
import { loadTrustSignals } from './trust-signals';

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

const positionIn = (band: ReturnType<typeof peerBand>, value: number | null) =>
  band === null || value === null ? null : value < band.p25 ? 'below' : value > band.p75 ? 'above' : 'within';

/**
 * The agency overview (issue 23 §1): every rooftop of the organization with impressions, clicks,
 * CTR, spend, leads, calls, attributed sales (null without a sales source, as the reports show '-'),
 * cost per lead and per sale over `startDate`..`endDate` and the previous period of the same length;
 * the daily impressions of the range (sparkline); pacing, alerts and freshness from
 * `loadTrustSignals` (issue 21's slot); the totals row of the rows shown, ratios recomputed from the
 * summed parts; and the agency's percentile bands of CTR and cost per lead among rooftops with
 * impressions (leads) in the range — only when at least 5 are comparable. `q` filters rows by name
 * (the bands stay the agency's); rows are ordered by `sort`/`desc`, nulls last, then by name.
 * One statement reads the metrics: the (dealership_id, date) range of each rooftop over both periods
 * in `dealership_daily_metrics` (the roll-up of its campaigns' days that triggers keep,
 * docs/performance.md "Roll-ups"), summed per rooftop and period in PostgreSQL. Null when the
 * organization does not exist.
 */
export async function getAgencyOverview(
  db: Db,
  { organizationId, query, now }: { organizationId: number; query: OverviewQuery; now?: Date },
): Promise<OverviewResponse | null> {
  const [agency] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      window: organizations.attributionWindowDays,
      model: organizations.attributionModel,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!agency) return null;
  const organization = { id: agency.id, name: agency.name };
  const rule = { model: agency.model as AttributionModel, window_days: agency.window };
  const range = { startDate: query.startDate, endDate: query.endDate };
  const previous = previousPeriod(range);
  const rooftops = await db
    .select({
      id: dealerships.id,
      name: dealerships.name,
      city: dealerships.city,
      state: dealerships.state,
      hasSales: dealerships.hasSoldReportSource,
    })
    .from(dealerships)
    .where(eq(dealerships.organizationId, organizationId))
    .orderBy(asc(sql`lower(${dealerships.name})`), asc(dealerships.id));
  const ids = rooftops.map((rooftop) => rooftop.id);
  const current = sql`${metrics.date} >= ${range.startDate}::date`;
  const periodSums = (where: SQL) => ({
    impressions: sql<number>`coalesce(sum(${metrics.impressions}) filter (where ${where}), 0)`.mapWith(Number),
    clicks: sql<number>`coalesce(sum(${metrics.clicks}) filter (where ${where}), 0)`.mapWith(Number),
    spend: sql<number>`coalesce(sum(${metrics.spend}) filter (where ${where}), 0)`.mapWith(Number),
    leads: sql<number>`coalesce(sum(${metrics.leads}) filter (where ${where}), 0)`.mapWith(Number),
    calls: sql<number>`coalesce(sum(${metrics.calls}) filter (where ${where}), 0)`.mapWith(Number),
    sales: sql<number>`coalesce(sum(${metrics.sales}) filter (where ${where}), 0)`.mapWith(Number),
  });
  // One row per rooftop: both periods summed in PostgreSQL, and the range's days with impressions
  // for the sparkline (days without a row stay 0).
  const [sums, signals, attributed] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            dealershipId: metrics.dealershipId,
            current: periodSums(current),
            previous: periodSums(sql`not (${current})`),
            days: sql<string[] | null>`array_agg(${metrics.date}::text) filter (where ${current})`,
            impressions: sql<Array<
              string | number
            > | null>`array_agg(${metrics.impressions}) filter (where ${current})`,
          })
          .from(metrics)
          .where(and(inArray(metrics.dealershipId, ids), between(metrics.date, previous.startDate, range.endDate)))
          .groupBy(metrics.dealershipId),
    loadTrustSignals(db, { organizationId, dealershipIds: ids, asOf: range.endDate, now }),
    attributedSalesByRooftop(db, { ids, currentStart: range.startDate, previous, endDate: range.endDate }),
  ]);
  const rangeDays = daysOf(range);
  const dayIndex = new Map(rangeDays.map((day, index) => [day, index]));
  const perRooftop = new Map(
    ids.map((id) => [id, { current: zero(), previous: zero(), daily: rangeDays.map(() => 0) }]),
  );
  for (const row of sums) {
    const entry = perRooftop.get(row.dealershipId)!;
    entry.current = row.current;
    entry.previous = row.previous;
    (row.days ?? []).forEach((day, i) => {
      const index = dayIndex.get(day);
      if (index !== undefined) entry.daily[index] = Number(row.impressions![i]);
    });
  }

  const allRows = rooftops.map((rooftop) => {
    const entry = perRooftop.get(rooftop.id)!;
    const own = attributed.get(rooftop.id);
    const source: OverviewSalesSource = own ? 'attributed' : rooftop.hasSales ? 'platform' : 'none';
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
    const byName = a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
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
 * of each rooftop that has sales records, sold in the range (`current`) and in the previous period
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
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<{ dealership_id: number; current: number; previous: number }>(
    db,
    sql`select d.id as dealership_id,
          count(distinct (a.vin, a.sold_date)) filter (where a.sold_date >= ${currentStart}::date)::int as current,
          count(distinct (a.vin, a.sold_date)) filter (where a.sold_date < ${currentStart}::date)::int as previous
        from dealerships d
        left join (${attributionStatement(
          sql`vs.dealership_id in (${list}) and vs.sold_date between ${previous.startDate}::date and ${endDate}::date`,
        )}) a on a.dealership_id = d.id
        where d.id in (${list}) and exists (select 1 from vehicle_sales s where s.dealership_id = d.id)
        group by d.id`,
  );
  return new Map(
    rows.map((row) => [Number(row.dealership_id), { current: Number(row.current), previous: Number(row.previous) }]),
  );
}
