import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The attribution rule (issue 22 §2, docs/attribution.md "The rule") as one set-based statement.
 *
 * For every sale chosen by `salesWhere` (a condition on `vehicle_sales vs`), the exposures are the
 * `campaign_vehicles` rows of a campaign of the sale's dealership for the sale's VIN on a day `d`
 * with `sold_date − window ≤ d ≤ sold_date` and at least one impression or click (dates are
 * dealership-local calendar days on both sides, so no time-zone arithmetic happens here; with the
 * default 30-day window an exposure 30 days before the sale is in, 31 days out, the sale's own day in).
 * The window and model are the agency's (`organizations.attribution_window_days`, `attribution_model`).
 *
 * Per (sale, campaign) the exposures sum to impressions and clicks, with the last exposure day and
 * the last click day. Clicks before views: when any campaign clicked, only campaigns with clicks
 * compete. Last touch: the competitor with the latest click (latest exposure when nobody clicked)
 * wins, ties by more clicks, more impressions, lower campaign id; share 1. Even split: every
 * competitor, share 1/n.
 *
 * Each sale looks up its own exposure (a lateral subquery on `campaign_vehicles (vin, date)`: the
 * rows of its VIN in its window, a few dozen at most), so the work grows with the sales and their
 * windows, not with the exposure table; a hash join of every sale's VIN to every exposure of that VIN
 * then filtered by day was 2.5× slower at the bench's scale (docs/performance.md "Attribution").
 *
 * Rows: `dealership_id, vin, sold_date, campaign_id, impressions, clicks, last_exposure_date, share`.
 */
export function attributionStatement(salesWhere: SQL): SQL {
  return sql`
    with s as (
      select vs.dealership_id, vs.vin, vs.sold_date, o.attribution_window_days as window_days,
        o.attribution_model as model
      from vehicle_sales vs
      join dealerships d on d.id = vs.dealership_id
      join organizations o on o.id = d.organization_id
      where ${salesWhere}
    ),
    e as (
      select s.dealership_id, s.vin, s.sold_date, s.model, x.campaign_id, x.impressions, x.clicks,
        x.last_exposure_date, x.last_click_date
      from s
      cross join lateral (
        select cv.campaign_id, sum(cv.impressions)::bigint as impressions, sum(cv.clicks)::bigint as clicks,
          max(cv.date) as last_exposure_date,
          max(cv.date) filter (where cv.clicks > 0) as last_click_date
        from campaign_vehicles cv
        join managed_campaigns mc on mc.id = cv.campaign_id
        where cv.vin = s.vin and cv.date >= s.sold_date - s.window_days and cv.date <= s.sold_date
          and (cv.impressions > 0 or cv.clicks > 0) and mc.dealership_id = s.dealership_id
        group by cv.campaign_id
      ) x
    ),
    c as (
      select e.*, bool_or(e.clicks > 0) over (partition by e.dealership_id, e.vin, e.sold_date) as any_click
      from e
    ),
    r as (
      select c.*,
        row_number() over (
          partition by c.dealership_id, c.vin, c.sold_date
          order by case when c.any_click then c.last_click_date else c.last_exposure_date end desc,
            c.clicks desc, c.impressions desc, c.campaign_id
        ) as touch_rank,
        count(*) over (partition by c.dealership_id, c.vin, c.sold_date) as competitors
      from c
      where not c.any_click or c.clicks > 0
    )
    select r.dealership_id, r.vin, r.sold_date, r.campaign_id, r.impressions, r.clicks, r.last_exposure_date,
      case when r.model = 'even_split' then 1.0 / r.competitors else 1.0 end as share
    from r
    where r.model = 'even_split' or r.touch_rank = 1`;
}

/** One attributed (sale, campaign) pair. Dates `YYYY-MM-DD`; share 1 or 1/n. */
export interface AttributionRow {
  dealershipId: number;
  vin: string;
  soldDate: string;
  campaignId: number;
  impressions: number;
  clicks: number;
  lastExposureDate: string;
  share: number;
}

/** Rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A `date` column as `YYYY-MM-DD` whichever driver parsed it. */
export function day(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

type RawRow = Record<string, unknown>;

function attributionRow(row: RawRow): AttributionRow {
  return {
    dealershipId: Number(row.dealership_id),
    vin: String(row.vin),
    soldDate: day(row.sold_date),
    campaignId: Number(row.campaign_id),
    impressions: Number(row.impressions),
    clicks: Number(row.clicks),
    lastExposureDate: day(row.last_exposure_date),
    share: Number(row.share),
  };
}

/** The attributions of a dealership's sales sold in `startDate`..`endDate` (local days, inclusive). */
export async function attributeSales(
  db: Db,
  { dealershipId, startDate, endDate }: { dealershipId: number; startDate: string; endDate: string },
): Promise<AttributionRow[]> {
  const rows = await rowsOf<RawRow>(
    db,
    attributionStatement(
      sql`vs.dealership_id = ${dealershipId} and vs.sold_date between ${startDate}::date and ${endDate}::date`,
    ),
  );
  return rows.map(attributionRow);
}

/**
 * Every sale of every dealership attributed at once (the bench's bulk run): how many (sale, campaign)
 * rows and how many distinct sales were attributed.
 */
export async function attributeAllSales(db: Db): Promise<{ rows: number; sales: number }> {
  const [row] = await rowsOf<RawRow>(
    db,
    sql`select count(*)::int as rows, count(distinct (a.dealership_id, a.vin, a.sold_date))::int as sales
        from (${attributionStatement(sql`true`)}) a`,
  );
  return { rows: Number(row?.rows ?? 0), sales: Number(row?.sales ?? 0) };
}
