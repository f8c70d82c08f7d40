import { eq, sql } from 'drizzle-orm';
import {
  INSIGHTS_SECTION_LIMIT,
  UNSHOWN_DAYS,
  type AttributedFigures,
  type AttributedSale,
  type AttributionModel,
  type AttributionRule,
  type AttributionSettings,
  type AttributionSummary,
  type CampaignAttribution,
  type InventoryInsights,
  type ProductAttribution,
  type UpdateAttributionSettingsBody,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { dealerships, organizations } from '../../db/schema';
import { attributeSales, attributionStatement, day, rowsOf } from './rule';

export { attributeAllSales, attributeSales, attributionStatement } from './rule';

type RawRow = Record<string, unknown>;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const cents = (v: number) => Math.round(v * 100) / 100;

/** The agency's attribution settings. */
export async function getAttributionSettings(db: Db, organizationId: number): Promise<AttributionSettings> {
  const [row] = await db
    .select({
      window_days: organizations.attributionWindowDays,
      model: organizations.attributionModel,
      aged_inventory_days: organizations.agedInventoryDays,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return { ...row!, model: row!.model as AttributionModel };
}

/** Changes the agency's settings (only the fields given) and answers them. */
export async function updateAttributionSettings(
  db: Db,
  organizationId: number,
  body: UpdateAttributionSettingsBody,
  now: Date,
): Promise<AttributionSettings> {
  await db
    .update(organizations)
    .set({
      ...(body.window_days === undefined ? {} : { attributionWindowDays: body.window_days }),
      ...(body.model === undefined ? {} : { attributionModel: body.model }),
      ...(body.aged_inventory_days === undefined ? {} : { agedInventoryDays: body.aged_inventory_days }),
      updatedAt: now,
    })
    .where(eq(organizations.id, organizationId));
  return getAttributionSettings(db, organizationId);
}

/** The rule, aged threshold and time zone of a dealership (its agency's). */
export async function dealershipAttributionContext(
  db: Db,
  dealershipId: number,
): Promise<{ rule: AttributionRule; agedDays: number; timeZone: string }> {
  const [row] = await db
    .select({
      window: organizations.attributionWindowDays,
      model: organizations.attributionModel,
      aged: organizations.agedInventoryDays,
      timeZone: organizations.timeZone,
    })
    .from(dealerships)
    .innerJoin(organizations, eq(organizations.id, dealerships.organizationId))
    .where(eq(dealerships.id, dealershipId));
  return {
    rule: { model: row!.model as AttributionModel, window_days: row!.window },
    agedDays: row!.aged,
    timeZone: row!.timeZone,
  };
}

/** A sale's gross in dollars: front + back gross, null when the sale records neither. */
function grossOf(row: RawRow): number | null {
  const front = num(row.front_gross);
  const back = num(row.back_gross);
  return front === null && back === null ? null : (front ?? 0) + (back ?? 0);
}

function figures(spend: number, sales: number, gross: number, revenue: number): AttributedFigures {
  return {
    spend: cents(spend),
    attributed_sales: Math.round(sales * 10_000) / 10_000,
    attributed_gross: cents(gross),
    attributed_revenue: cents(revenue),
    cost_per_sale: sales > 0 ? cents(spend / sales) : null,
    roas: spend > 0 ? Math.round((gross / spend) * 100) / 100 : null,
  };
}

/**
 * Attributed figures per campaign and per product code of a dealership's sales sold in the range
 * (issue 22 §2): spend is the campaign's spend over the same range. Campaigns listed: those with
 * spend or an attributed sale in the range.
 */
export async function attributionSummary(
  db: Db,
  params: { dealershipId: number; startDate: string; endDate: string; rule: AttributionRule },
): Promise<AttributionSummary> {
  const { dealershipId, startDate, endDate, rule } = params;
  const [attributions, salesRows, campaignRows, hasSalesRows] = await Promise.all([
    attributeSales(db, params),
    rowsOf<RawRow>(
      db,
      sql`select vin, sold_date, sale_price, front_gross, back_gross from vehicle_sales
          where dealership_id = ${dealershipId} and sold_date between ${startDate}::date and ${endDate}::date`,
    ),
    rowsOf<RawRow>(
      db,
      sql`select mc.id, mc.client_campaign_display_name as name, mc.product_code, mc.product_name,
            coalesce(m.spend, 0) as spend
          from managed_campaigns mc
          left join (
            select campaign_id, sum(spend) as spend from campaign_daily_metrics
            where dealership_id = ${dealershipId} and date between ${startDate}::date and ${endDate}::date
            group by campaign_id
          ) m on m.campaign_id = mc.id
          where mc.dealership_id = ${dealershipId}`,
    ),
    rowsOf<RawRow>(db, sql`select exists (select 1 from vehicle_sales where dealership_id = ${dealershipId}) as any`),
  ]);
  const sales = new Map(
    salesRows.map((s) => {
      return [`${String(s.vin)}|${day(s.sold_date)}`, { gross: grossOf(s) ?? 0, revenue: num(s.sale_price) ?? 0 }];
    }),
  );
  const byCampaign = new Map<number, { sales: number; gross: number; revenue: number }>();
  const attributedSales = new Set<string>();
  for (const a of attributions) {
    const key = `${a.vin}|${a.soldDate}`;
    attributedSales.add(key);
    const sale = sales.get(key) ?? { gross: 0, revenue: 0 };
    const sum = byCampaign.get(a.campaignId) ?? { sales: 0, gross: 0, revenue: 0 };
    sum.sales += a.share;
    sum.gross += sale.gross * a.share;
    sum.revenue += sale.revenue * a.share;
    byCampaign.set(a.campaignId, sum);
  }
  const campaigns: CampaignAttribution[] = [];
  const products = new Map<string, { name: string; spend: number; sales: number; gross: number; revenue: number }>();
  for (const c of campaignRows) {
    const id = Number(c.id);
    const spend = Number(c.spend);
    const sum = byCampaign.get(id) ?? { sales: 0, gross: 0, revenue: 0 };
    if (spend <= 0 && sum.sales <= 0) continue;
    const code = String(c.product_code);
    campaigns.push({
      campaign_id: id,
      campaign_name: String(c.name),
      product_code: code,
      product_name: String(c.product_name),
      ...figures(spend, sum.sales, sum.gross, sum.revenue),
    });
    const p = products.get(code) ?? { name: String(c.product_name), spend: 0, sales: 0, gross: 0, revenue: 0 };
    p.spend += spend;
    p.sales += sum.sales;
    p.gross += sum.gross;
    p.revenue += sum.revenue;
    products.set(code, p);
  }
  const bySales = <T extends { attributed_sales: number }>(a: T, b: T, name: (x: T) => string) =>
    b.attributed_sales - a.attributed_sales || name(a).localeCompare(name(b));
  campaigns.sort((a, b) => bySales(a, b, (x) => x.campaign_name) || a.campaign_id - b.campaign_id);
  const productList: ProductAttribution[] = [...products].map(([code, p]) => ({
    product_code: code,
    product_name: p.name,
    ...figures(p.spend, p.sales, p.gross, p.revenue),
  }));
  productList.sort((a, b) => bySales(a, b, (x) => x.product_code));
  return {
    rule,
    has_sales: Boolean(hasSalesRows[0]?.any),
    sales: salesRows.length,
    attributed_sales: attributedSales.size,
    campaigns,
    products: productList,
  };
}

const description = sql`case when iv.vin is null then null else concat_ws(' ', iv.year, iv.make, iv.model, iv.trim) end`;

/**
 * The matched sales of a dealership's range with their evidence, optionally one campaign's; newest
 * sale first, then VIN, then campaign id (issue 22 §2).
 */
export async function listAttributedSales(
  db: Db,
  params: {
    dealershipId: number;
    startDate: string;
    endDate: string;
    campaignId?: number | undefined;
    pageIndex: number;
    pageSize: number;
  },
): Promise<{ data: AttributedSale[]; total: number }> {
  const { dealershipId, startDate, endDate, campaignId, pageIndex, pageSize } = params;
  const attributed = attributionStatement(
    sql`vs.dealership_id = ${dealershipId} and vs.sold_date between ${startDate}::date and ${endDate}::date`,
  );
  const rows = await rowsOf<RawRow>(
    db,
    sql`select a.vin, a.sold_date, a.campaign_id, a.impressions, a.clicks, a.last_exposure_date, a.share,
          vs.deal_type, vs.sale_price, vs.front_gross, vs.back_gross, vs.gross_derived,
          mc.client_campaign_display_name as campaign_name, mc.product_code, ${description} as description,
          count(*) over () as total
        from (${attributed}) a
        join vehicle_sales vs on vs.dealership_id = a.dealership_id and vs.vin = a.vin and vs.sold_date = a.sold_date
        join managed_campaigns mc on mc.id = a.campaign_id
        left join inventory_vehicles iv on iv.dealership_id = a.dealership_id and iv.vin = a.vin
        where ${campaignId === undefined ? sql`true` : sql`a.campaign_id = ${campaignId}`}
        order by a.sold_date desc, a.vin, a.campaign_id
        limit ${pageSize} offset ${pageIndex * pageSize}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && pageIndex > 0) {
    const [count] = await rowsOf<RawRow>(
      db,
      sql`select count(*)::int as total from (${attributed}) a
          where ${campaignId === undefined ? sql`true` : sql`a.campaign_id = ${campaignId}`}`,
    );
    total = Number(count?.total ?? 0);
  }
  return {
    total,
    data: rows.map((r) => {
      return {
        vin: String(r.vin),
        sold_date: day(r.sold_date),
        deal_type: String(r.deal_type),
        sale_price: num(r.sale_price),
        gross: grossOf(r),
        gross_derived: Boolean(r.gross_derived),
        description: r.description == null ? null : String(r.description),
        campaign_id: Number(r.campaign_id),
        campaign_name: String(r.campaign_name),
        product_code: String(r.product_code),
        share: Math.round(Number(r.share) * 10_000) / 10_000,
        last_exposure_date: day(r.last_exposure_date),
        impressions: Number(r.impressions),
        clicks: Number(r.clicks),
      };
    }),
  };
}

/** Days of the sold section: sales sold in the 90 days to as_of. */
export const SOLD_SECTION_DAYS = 90;

/**
 * The Inventory insights of a dealership on `asOf` (issue 22 §3, docs/attribution.md "Inventory
 * insights"). Days on lot = as_of − first_seen_date.
 */
export async function inventoryInsights(
  db: Db,
  params: { dealershipId: number; asOf: string; agedDays: number; rule: AttributionRule },
): Promise<InventoryInsights> {
  const { dealershipId, asOf, agedDays, rule } = params;
  const limit = INSIGHTS_SECTION_LIMIT;
  const asOfDate = sql`${asOf}::date`;
  const exposure = sql`(
    select cv.vin, cv.campaign_id, cv.date, cv.impressions, cv.clicks
    from campaign_vehicles cv join managed_campaigns mc on mc.id = cv.campaign_id
    where mc.dealership_id = ${dealershipId} and cv.date <= ${asOfDate} and (cv.impressions > 0 or cv.clicks > 0)
  )`;
  const soldFrom = sql`${asOfDate} - ${SOLD_SECTION_DAYS - 1}::int`;
  const [aged, gone, unshown, sold, soldAttributions] = await Promise.all([
    rowsOf<RawRow>(
      db,
      sql`select iv.vin, ${description} as description, iv.vehicle_state, iv.price, iv.first_seen_date,
            (${asOfDate} - iv.first_seen_date) as days_on_lot, count(*) over () as total
          from inventory_vehicles iv
          where iv.dealership_id = ${dealershipId} and iv.gone_date is null and iv.first_seen_date is not null
            and ${asOfDate} - iv.first_seen_date > ${agedDays}::int
          order by days_on_lot desc, iv.vin limit ${limit}::int`,
    ),
    rowsOf<RawRow>(
      db,
      sql`with g as (
            select x.vin, x.campaign_id, sum(x.impressions)::bigint as impressions, sum(x.clicks)::bigint as clicks,
              max(x.date) as last_date, min(iv.gone_date) as gone_date
            from ${exposure} x
            join inventory_vehicles iv on iv.dealership_id = ${dealershipId} and iv.vin = x.vin
            where iv.gone_date is not null and iv.gone_date <= ${asOfDate} and x.date >= iv.gone_date
            group by x.vin, x.campaign_id
          ),
          cost as (
            select g.vin, g.campaign_id,
              coalesce(sum(m.spend) / nullif(sum(m.impressions), 0), 0) as cpi
            from g join campaign_daily_metrics m
              on m.campaign_id = g.campaign_id and m.date between g.gone_date and ${asOfDate}
            group by g.vin, g.campaign_id
          )
          select g.vin, ${description} as description, iv.vehicle_state, iv.price, iv.gone_date,
            sum(g.impressions)::bigint as impressions, sum(g.clicks)::bigint as clicks, max(g.last_date) as last_date,
            sum(g.impressions * coalesce(cost.cpi, 0)) as estimated_spend,
            array_agg(distinct mc.client_campaign_display_name) as campaign_names,
            count(*) over () as total
          from g
          join inventory_vehicles iv on iv.dealership_id = ${dealershipId} and iv.vin = g.vin
          join managed_campaigns mc on mc.id = g.campaign_id
          left join cost on cost.vin = g.vin and cost.campaign_id = g.campaign_id
          group by g.vin, iv.vin, iv.year, iv.make, iv.model, iv.trim, iv.vehicle_state, iv.price, iv.gone_date
          order by estimated_spend desc, impressions desc, g.vin limit ${limit}::int`,
    ),
    rowsOf<RawRow>(
      db,
      sql`select iv.vin, ${description} as description, iv.vehicle_state, iv.price,
            (${asOfDate} - iv.first_seen_date) as days_on_lot,
            (select max(x.date) from ${exposure} x where x.vin = iv.vin) as last_date,
            count(*) over () as total
          from inventory_vehicles iv
          where iv.dealership_id = ${dealershipId} and iv.gone_date is null
            and (iv.first_seen_date is null or iv.first_seen_date <= ${asOfDate})
            and not exists (
              select 1 from ${exposure} x where x.vin = iv.vin and x.date > ${asOfDate} - ${UNSHOWN_DAYS}::int
            )
          order by days_on_lot desc nulls last, iv.vin limit ${limit}::int`,
    ),
    rowsOf<RawRow>(
      db,
      sql`select vs.vin, ${description} as description, vs.sold_date, vs.deal_type, vs.sale_price,
            vs.front_gross, vs.back_gross, count(*) over () as total
          from vehicle_sales vs
          left join inventory_vehicles iv on iv.dealership_id = vs.dealership_id and iv.vin = vs.vin
          where vs.dealership_id = ${dealershipId} and vs.sold_date between ${soldFrom} and ${asOfDate}
          order by vs.sold_date desc, vs.vin limit ${limit}::int`,
    ),
    rowsOf<RawRow>(
      db,
      sql`select a.vin, a.sold_date, a.campaign_id, a.share, mc.client_campaign_display_name as campaign_name
          from (${attributionStatement(
            sql`vs.dealership_id = ${dealershipId} and vs.sold_date between ${soldFrom} and ${asOfDate}`,
          )}) a join managed_campaigns mc on mc.id = a.campaign_id
          order by a.share desc, a.campaign_id`,
    ),
  ]);
  const campaignsOf = new Map<string, Array<{ campaign_id: number; campaign_name: string; share: number }>>();
  for (const a of soldAttributions) {
    const key = `${String(a.vin)}|${day(a.sold_date)}`;
    const list = campaignsOf.get(key) ?? [];
    list.push({
      campaign_id: Number(a.campaign_id),
      campaign_name: String(a.campaign_name),
      share: Math.round(Number(a.share) * 10_000) / 10_000,
    });
    campaignsOf.set(key, list);
  }
  const text = (v: unknown) => (v == null ? null : String(v));
  const total = (rows: RawRow[]) => Number(rows[0]?.total ?? 0);
  return {
    as_of: asOf,
    aged_threshold_days: agedDays,
    unshown_days: UNSHOWN_DAYS,
    rule,
    aged: aged.map((r) => ({
      vin: String(r.vin),
      description: text(r.description),
      vehicle_state: text(r.vehicle_state),
      price: num(r.price),
      first_seen_date: day(r.first_seen_date),
      days_on_lot: Number(r.days_on_lot),
    })),
    aged_total: total(aged),
    advertised_after_gone: gone.map((r) => ({
      vin: String(r.vin),
      description: text(r.description),
      vehicle_state: text(r.vehicle_state),
      price: num(r.price),
      gone_date: day(r.gone_date),
      impressions: Number(r.impressions),
      clicks: Number(r.clicks),
      last_exposure_date: day(r.last_date),
      estimated_spend: cents(Number(r.estimated_spend)),
      campaign_names: (r.campaign_names as string[] | null) ?? [],
    })),
    advertised_after_gone_total: total(gone),
    unshown: unshown.map((r) => ({
      vin: String(r.vin),
      description: text(r.description),
      vehicle_state: text(r.vehicle_state),
      price: num(r.price),
      days_on_lot: num(r.days_on_lot),
      last_exposure_date: r.last_date == null ? null : day(r.last_date),
    })),
    unshown_total: total(unshown),
    sold: sold.map((r) => {
      return {
        vin: String(r.vin),
        description: text(r.description),
        sold_date: day(r.sold_date),
        deal_type: String(r.deal_type),
        sale_price: num(r.sale_price),
        gross: grossOf(r),
        campaigns: campaignsOf.get(`${String(r.vin)}|${day(r.sold_date)}`) ?? [],
      };
    }),
    sold_total: total(sold),
  };
}
