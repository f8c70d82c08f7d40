import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  addDays,
  ctrPercent,
  flightDays,
  monthOverMonthColumns,
  monthOverMonthRange,
  monthEnd,
  vtrPercent,
  type DealershipDetail,
  type MonthOverMonthFilter,
  type MonthOverMonthResponse,
  type MonthOverMonthRow,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import {
  campaignConversions,
  campaignDailyMetrics as daily,
  campaignKeywords,
  managedCampaigns,
} from '../../db/schema';

const num = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);

/** The budget a row shows: budget, or demand_local_net when show_budget_type is 1; null when hidden (spec 001 §3). */
export function budgetOf(
  campaign: { budget: number | null; demandLocalNet: number | null },
  showBudgetType: number | null,
): number | null {
  if (showBudgetType === null) return null;
  return showBudgetType === 1 ? campaign.demandLocalNet : campaign.budget;
}

/**
 * The month-over-month comparison of a dealership (spec 001 §2.12): every campaign whose flight
 * overlaps the window, one row per month of the flight inside the window. A row sums the daily
 * delivery of its days; its budget is the campaign's budget (or net) times the share of flight days
 * that fall in the row. Conversions are null (hint) for a campaign without any conversion tag, sales
 * null (hint) when the dealership has no sales source connected.
 */
export async function getMonthOverMonth(
  db: Db,
  params: { dealership: DealershipDetail; dateFilter: MonthOverMonthFilter; today: string },
): Promise<MonthOverMonthResponse> {
  const { dealership, dateFilter } = params;
  const range = monthOverMonthRange(dateFilter, params.today);
  const showBudgetType = dealership.organization.show_budget_type;
  const hasSalesSource = dealership.has_sold_report_source;

  const campaigns = await db
    .select()
    .from(managedCampaigns)
    .where(
      and(
        eq(managedCampaigns.dealershipId, dealership.id),
        lte(managedCampaigns.startDate, range.endDate),
        gte(managedCampaigns.endDate, range.startDate),
      ),
    )
    .orderBy(managedCampaigns.startDate, managedCampaigns.id);
  if (campaigns.length === 0)
    return { dateFilter, ...range, show_budget_type: showBudgetType, has_sales_source: hasSalesSource, campaigns: [] };

  const month = sql<string>`to_char(${daily.date}::date, 'YYYY-MM')`;
  const sumsQuery = db
    .select({
      campaignId: daily.campaignId,
      month,
      impressions: num(sql`coalesce(sum(${daily.impressions}), 0)`),
      clicks: num(sql`coalesce(sum(${daily.clicks}), 0)`),
      views: num(sql`coalesce(sum(${daily.views}), 0)`),
      completions: num(sql`coalesce(sum(${daily.video100}), 0)`),
      calls: num(sql`coalesce(sum(${daily.calls}), 0)`),
      leads: num(sql`coalesce(sum(${daily.leads}), 0)`),
      sales: num(sql`coalesce(sum(${daily.sales}), 0)`),
    })
    .from(daily)
    .innerJoin(managedCampaigns, eq(managedCampaigns.id, daily.campaignId))
    .where(
      and(
        eq(daily.dealershipId, dealership.id),
        gte(daily.date, range.startDate),
        lte(daily.date, range.endDate),
        sql`${daily.date} between ${managedCampaigns.startDate} and ${managedCampaigns.endDate}`,
      ),
    )
    .groupBy(daily.campaignId, month);

  const ids = campaigns.map((c) => c.id);
  const inIds = sql`${campaignConversions.campaignId} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const conversionMonth = sql<string>`to_char(${campaignConversions.date}::date, 'YYYY-MM')`;
  const conversionQuery = db
    .select({
      campaignId: campaignConversions.campaignId,
      month: conversionMonth,
      count: num(sql`coalesce(sum(${campaignConversions.count}), 0)`),
    })
    .from(campaignConversions)
    .innerJoin(managedCampaigns, eq(managedCampaigns.id, campaignConversions.campaignId))
    .where(
      and(
        inIds,
        gte(campaignConversions.date, range.startDate),
        lte(campaignConversions.date, range.endDate),
        sql`${campaignConversions.date} between ${managedCampaigns.startDate} and ${managedCampaigns.endDate}`,
      ),
    )
    .groupBy(campaignConversions.campaignId, conversionMonth);
  // Which campaigns have any conversion tag at all: one primary-key probe per campaign (exists),
  // not a scan of every conversion row they ever had.
  const taggedQuery = db
    .select({ campaignId: managedCampaigns.id })
    .from(managedCampaigns)
    .where(
      and(
        inArray(managedCampaigns.id, ids),
        sql`exists (select 1 from ${campaignConversions} where ${campaignConversions.campaignId} = ${managedCampaigns.id})`,
      ),
    );
  const keywordMonth = sql<string>`to_char(${campaignKeywords.date}::date, 'YYYY-MM')`;
  const sharesQuery = db
    .select({
      campaignId: campaignKeywords.campaignId,
      month: keywordMonth,
      share: num(
        sql`sum(${campaignKeywords.impressionShare}::float8 * ${campaignKeywords.impressions}) / nullif(sum(${campaignKeywords.impressions}) filter (where ${campaignKeywords.impressionShare} is not null), 0)`,
      ),
    })
    .from(campaignKeywords)
    .where(
      and(
        sql`${campaignKeywords.campaignId} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        gte(campaignKeywords.date, range.startDate),
        lte(campaignKeywords.date, range.endDate),
      ),
    )
    .groupBy(campaignKeywords.campaignId, keywordMonth);

  // Four independent aggregations: on PostgreSQL they run on pooled connections at once.
  const [sums, conversionRows, tagged, shares] = await Promise.all([
    sumsQuery,
    conversionQuery,
    taggedQuery,
    sharesQuery,
  ]);

  const key = (campaignId: number, m: string) => `${campaignId}:${m}`;
  const sumsBy = new Map(sums.map((s) => [key(s.campaignId, s.month), s]));
  const conversionsBy = new Map(conversionRows.map((c) => [key(c.campaignId, c.month), c.count]));
  const sharesBy = new Map(shares.map((s) => [key(s.campaignId, s.month), s.share]));
  const taggedIds = new Set(tagged.map((t) => t.campaignId));

  return {
    dateFilter,
    ...range,
    show_budget_type: showBudgetType,
    has_sales_source: hasSalesSource,
    campaigns: campaigns.map((campaign) => {
      const first = campaign.startDate > range.startDate ? campaign.startDate : range.startDate;
      const last = campaign.endDate < range.endDate ? campaign.endDate : range.endDate;
      const campaignDays = flightDays(campaign.startDate, campaign.endDate);
      const budget = budgetOf(campaign, showBudgetType);
      const rows: MonthOverMonthRow[] = [];
      for (let start = first; start <= last;) {
        const end = monthEnd(start) < last ? monthEnd(start) : last;
        const m = start.slice(0, 7);
        const s = sumsBy.get(key(campaign.id, m));
        const impressions = s?.impressions ?? 0;
        const share = sharesBy.get(key(campaign.id, m));
        rows.push({
          month: m,
          start_date: start,
          end_date: end,
          budget: budget === null ? null : Math.round((budget * flightDays(start, end) * 100) / campaignDays) / 100,
          impressions,
          views: s?.views ?? 0,
          vtr: vtrPercent(s?.views ?? 0, impressions),
          completions: s?.completions ?? 0,
          clicks: s?.clicks ?? 0,
          ctr: ctrPercent(s?.clicks ?? 0, impressions),
          impression_share:
            share === undefined || share === null || Number.isNaN(share) ? null : Math.round(share * 10_000) / 100,
          calls: s?.calls ?? 0,
          leads: s?.leads ?? 0,
          conversions: taggedIds.has(campaign.id) ? (conversionsBy.get(key(campaign.id, m)) ?? 0) : null,
          sales: hasSalesSource ? (s?.sales ?? 0) : null,
        });
        start = addDays(end, 1);
      }
      return {
        id: campaign.id,
        name: campaign.displayName,
        product_code: campaign.productCode,
        product_name: campaign.productName,
        columns: [...monthOverMonthColumns(campaign.productCode)],
        site_attribution: taggedIds.has(campaign.id),
        rows,
      };
    }),
  };
}
