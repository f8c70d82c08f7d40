import { sql } from 'drizzle-orm';
import { addDays, freshnessLabel, localDate, localHour, type TrustSignals } from '@portal/contracts';
import type { TrustSettings } from '../trust';

/** Per rooftop: its managed campaigns' pacing and freshness, counted in PostgreSQL. */
export interface RooftopTrustCounts {
  paced: number;
  under: number;
  over: number;
  running: number;
  stale: number;
  /** The running campaign whose data arrived last (ties: the lowest id): its freshness label. */
  newestThrough: string | null;
  newestAt: Date | null;
}

/**
 * The named values of the trust fragments (`rooftopTrustCountsSql`, `openAlertsPerDealershipSql`)
 * for an agency's settings at `now` (the server's clock; docs/trust.md): today and yesterday
 * (agency-local dates), the day whose data a running campaign should have by now (yesterday from
 * the stale hour on, else the day before) and the pacing band (percent).
 */
export function trustValues(organizationId: number, settings: TrustSettings, now: Date) {
  const today = localDate(now, settings.timeZone);
  return {
    organizationId,
    today,
    yesterday: addDays(today, -1),
    expectedDay: addDays(today, localHour(now, settings.timeZone) >= settings.staleAfterHour ? -1 : -2),
    low: settings.band.low,
    high: settings.band.high,
  };
}

/**
 * The pacing and freshness counts of the rooftops `dealershipIds`: one row per rooftop with
 * managed campaigns (`RooftopTrustRow`), values named as `trustValues` names them. A fragment for a
 * statement prepared once (`db/prepared-rows.ts`).
 *
 * The same rules as the managed list and the report header (`computePacing`, `expectedThrough` in
 * @portal/contracts, delivery to date from `campaign_delivery_totals` as in `loadCampaignTrust`),
 * evaluated per campaign and counted per rooftop in SQL, so a 50-rooftop agency's 1,000 campaigns
 * cost no JavaScript each (docs/performance.md "Roll-ups"). Paced campaigns are active, started by
 * yesterday, with booked impressions or a budget, and under or over the band; running campaigns are
 * active and expect data by `expectedDay` within their flight, stale when it has not arrived; the
 * newest running campaign (latest arrival, ties: the lowest id) gives the freshness label. Pace % is
 * computed in float8 (delivery too: a campaign's total and its rows outside the window each read as
 * float8, no numeric arithmetic per campaign) with JavaScript's operation order and rounding
 * (`floor(x × 10 + 0.5) ÷ 10`), so a campaign on a band's edge is counted as the list shows it;
 * `test/routes/agency-overview.test.ts` holds the counts equal to the per-campaign functions on the
 * demo at several instants.
 *
 * One row per campaign first (`r`, materialized: inlined, its delivery to date was evaluated once
 * per reference of the pace, twice per campaign), the rooftops as one array value, all read from
 * `campaign_delivery_totals`: beside each campaign's delivery, triggers keep a copy of its freshness
 * (migration 0025) and of its own row — rooftop, status, flight, targets (migration 0028) — so the
 * counts read one index range per rooftop and join nothing (a join to `managed_campaigns` cost 1.7 ms
 * of 4 at full scale). Totals without date bounds (the campaign has no rows): delivery 0. Rows
 * outside the flight-to-yesterday window are subtracted from the total, each side only when the
 * total's date bounds cross it. One day after the pacing day is common — between
 * UTC midnight and the agency's, every campaign loaded through UTC yesterday has it — and is taken
 * from the totals row itself (`last_day_*`, migration 0027) instead of a probe per campaign (1,000
 * probes, two thirds of the statement's time at full scale, docs/users.md "Agency overview"); more
 * days after it are probed as before.
 */
export const rooftopTrustCountsSql = () => sql`
    with r as materialized (
      select c.dealership_id, c.campaign_id id, c.data_through, c.arrived_at, x.paced, x.running, b.expected,
        case when x.paced then
          floor((x.actual / ((b.target * ((b.as_of - c.start_date) + 1)::float8)
            / ((c.end_date - c.start_date) + 1)::float8)) * 100 * 10 + 0.5) / 10 end pace
      from campaign_delivery_totals c
      cross join lateral (select least(c.end_date, ${sql.placeholder('yesterday')}::date) as_of,
          least(c.end_date, ${sql.placeholder('expectedDay')}::date) expected,
          c.booked_impressions > 0 by_impressions,
          case when c.booked_impressions > 0 then c.booked_impressions::float8
            else coalesce(c.budget, 0)::float8 end target) b
      cross join lateral (select
          c.campaign_status = 'active' and b.as_of >= c.start_date and b.target > 0 paced,
          c.campaign_status = 'active' and b.expected >= c.start_date running,
          -- Delivery to date: impressions against booked impressions, else spend against the budget.
          case when c.campaign_status <> 'active' or b.as_of < c.start_date then null
            when c.first_date is null then 0::float8
            else (case when b.by_impressions then c.impressions::float8 else c.spend::float8 end)
              - case when c.first_date >= c.start_date then 0::float8 else
                  coalesce((select sum(case when b.by_impressions then m.impressions else m.spend end)
                    from campaign_daily_metrics m where m.campaign_id = c.campaign_id and m.date < c.start_date), 0)::float8 end
              - case when c.last_date <= b.as_of then 0::float8
                  when c.last_date = b.as_of + 1 then
                    case when b.by_impressions then c.last_day_impressions::float8 else c.last_day_spend::float8 end
                  else coalesce((select sum(case when b.by_impressions then m.impressions else m.spend end)
                    from campaign_daily_metrics m where m.campaign_id = c.campaign_id and m.date > b.as_of), 0)::float8 end
          end actual) x
      where c.dealership_id = any(${sql.placeholder('dealershipIds')}::int[])
    )
    select dealership_id,
      count(*) filter (where paced)::int paced,
      count(*) filter (where paced and pace < ${sql.placeholder('low')})::int under_pace,
      count(*) filter (where paced and pace > ${sql.placeholder('high')})::int over_pace,
      count(*) filter (where running)::int running,
      count(*) filter (where running and (data_through is null or data_through < expected))::int stale,
      (array_agg(data_through::text order by arrived_at desc nulls last, id) filter (where running))[1] newest_through,
      max(arrived_at) filter (where running) newest_at
    from r group by dealership_id`;

/** A row of `rooftopTrustCountsSql` as `jsonRows` reads it (`newest_at` an ISO 8601 string). */
export interface RooftopTrustRow {
  dealership_id: number;
  paced: number;
  under_pace: number;
  over_pace: number;
  running: number;
  stale: number;
  newest_through: string | null;
  newest_at: string | null;
}

/**
 * Issue 21's signals of each rooftop of `dealershipIds` on the agency overview (issue 23) from the
 * rows of `rooftopTrustCountsSql` and `openAlertsPerDealershipSql`: the pacing state, the open alerts
 * and the data freshness (labels in `timeZone`). Pacing, freshness and alerts are always as of today,
 * whatever the overview's range.
 */
export function trustSignalsOf(
  dealershipIds: number[],
  counts: RooftopTrustRow[],
  alerts: Array<{ dealership_id: number; n: number }>,
  timeZone: string,
): Map<number, TrustSignals> {
  const byRooftop = new Map(counts.map((row) => [Number(row.dealership_id), countsOf(row)]));
  const openAlerts = new Map(alerts.map((row) => [Number(row.dealership_id), Number(row.n)]));
  return new Map(
    dealershipIds.map((id) => {
      const own = byRooftop.get(id) ?? NO_CAMPAIGNS;
      return [
        id,
        {
          available: true,
          pacing_state: pacingState(own),
          open_alerts: openAlerts.get(id) ?? 0,
          data_freshness: dataFreshness(own, timeZone),
        },
      ];
    }),
  );
}

const countsOf = (row: RooftopTrustRow): RooftopTrustCounts => ({
  paced: Number(row.paced),
  under: Number(row.under_pace),
  over: Number(row.over_pace),
  running: Number(row.running),
  stale: Number(row.stale),
  newestThrough: row.newest_through ?? null,
  newestAt: row.newest_at === null || row.newest_at === undefined ? null : new Date(row.newest_at),
});

const NO_CAMPAIGNS: RooftopTrustCounts = {
  paced: 0,
  under: 0,
  over: 0,
  running: 0,
  stale: 0,
  newestThrough: null,
  newestAt: null,
};

/** "2 under, 1 over of 6 paced", "All 4 on track", or "No paced campaigns". */
export function pacingState({ paced, under, over }: RooftopTrustCounts): string {
  if (paced === 0) return 'No paced campaigns';
  if (under + over === 0) return `All ${paced} on track`;
  const parts = [under > 0 ? `${under} under` : null, over > 0 ? `${over} over` : null].filter(Boolean);
  return `${parts.join(', ')} of ${paced} paced`;
}

/** "Stale: 1 of 3 running", else the newest stamp of its running campaigns, or "No running campaigns". */
export function dataFreshness(counts: RooftopTrustCounts, timeZone: string): string {
  if (counts.running === 0) return 'No running campaigns';
  if (counts.stale > 0) return `Stale: ${counts.stale} of ${counts.running} running`;
  return freshnessLabel(counts.newestThrough, counts.newestAt, timeZone);
}

/** What a rooftop shows while the signals are not available. */
export const NOT_AVAILABLE_SIGNALS: TrustSignals = {
  available: false,
  pacing_state: null,
  open_alerts: null,
  data_freshness: null,
};
