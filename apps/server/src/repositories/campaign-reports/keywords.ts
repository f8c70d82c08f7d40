import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ctrPercent } from '@portal/contracts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { campaignKeywords as keywords } from '../../db/schema';
import type { ReportRange } from './campaign';
import {
  byText,
  containsText,
  filterValues,
  inDays,
  orderClauses,
  ratioOf,
  sumOf,
  type Slice,
  type TableState,
} from './table';

export interface KeywordTableParams extends ReportRange, TableState {
  campaignId: number;
}

function keywordTotals(db: Db, params: KeywordTableParams) {
  const withShare = (share: PgColumn) =>
    sql<number>`coalesce(sum(${share}::float8 * ${keywords.impressions}), 0)`.mapWith(Number);
  const shareWeight = (share: PgColumn) =>
    sql<number>`coalesce(sum(${keywords.impressions}) filter (where ${share} is not null), 0)`.mapWith(Number);
  const totals = db
    .select({
      keywordId: keywords.keywordId,
      keyword: sql<string>`coalesce(max(${keywords.keyword}), ${keywords.keywordId}::text)`.as('keyword'),
      impressions: sumOf(keywords.impressions).as('impressions'),
      clicks: sumOf(keywords.clicks).as('clicks'),
      impressionShareSum: withShare(keywords.impressionShare).as('impression_share_sum'),
      impressionShareWeight: shareWeight(keywords.impressionShare).as('impression_share_weight'),
      clickShareSum: withShare(keywords.clickShare).as('click_share_sum'),
      clickShareWeight: shareWeight(keywords.clickShare).as('click_share_weight'),
    })
    .from(keywords)
    .where(and(eq(keywords.campaignId, params.campaignId), inDays(keywords.date, params)))
    .groupBy(keywords.keywordId)
    .as('keyword_totals');
  const conditions: SQL[] = [];
  for (const text of filterValues(params.filters, 'keyword')) conditions.push(containsText(totals.keyword, text));
  return { totals, where: conditions.length > 0 ? and(...conditions) : undefined };
}

/**
 * One slice of the keywords table: impressions and clicks per keyword over the range; impression
 * and click share are the daily fractions averaged with the day's impressions as weights (days
 * without a share left out), as percents to two decimals. Default impressions descending, ties by
 * keyword id; filter `keyword` (text).
 */
export async function listKeywords(db: Db, { slice, ...params }: KeywordTableParams & { slice: Slice }) {
  const { totals, where } = keywordTotals(db, params);
  const num = (column: SQL.Aliased<number>) => sql<number>`${column}`.mapWith(Number);
  const impressions = num(totals.impressions);
  const clicks = num(totals.clicks);
  const rows = await db
    .select({
      keyword_id: totals.keywordId,
      keyword: totals.keyword,
      impressions,
      clicks,
      impressionShareSum: num(totals.impressionShareSum),
      impressionShareWeight: num(totals.impressionShareWeight),
      clickShareSum: num(totals.clickShareSum),
      clickShareWeight: num(totals.clickShareWeight),
    })
    .from(totals)
    .where(where)
    .orderBy(
      ...orderClauses(
        params.sorting,
        {
          keyword: byText(totals.keyword),
          impressions,
          clicks,
          ctr: ratioOf(clicks, impressions),
          impression_share: ratioOf(totals.impressionShareSum, totals.impressionShareWeight),
          click_share: ratioOf(totals.clickShareSum, totals.clickShareWeight),
        },
        [desc(impressions)],
        [asc(totals.keywordId)],
      ),
    )
    .limit(slice.limit)
    .offset(slice.offset);
  return rows.map((row) => ({
    keyword_id: row.keyword_id,
    keyword: row.keyword,
    impressions: row.impressions,
    clicks: row.clicks,
    ctr: ctrPercent(row.clicks, row.impressions),
    impression_share: ctrPercent(row.impressionShareSum, row.impressionShareWeight),
    click_share: ctrPercent(row.clickShareSum, row.clickShareWeight),
  }));
}

export async function countKeywords(db: Db, params: KeywordTableParams): Promise<number> {
  const { totals, where } = keywordTotals(db, params);
  const [row] = await db.select({ total: count() }).from(totals).where(where);
  return row?.total ?? 0;
}
