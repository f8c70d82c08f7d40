import { and, asc, eq, sql } from 'drizzle-orm';
import { PAGE_VIEW_TAG_ID, timeToConvertLabel, TOP_ENTRIES, type ConversionsResponse } from '@portal/contracts';
import type { Db } from '../../db/client';
import { campaignConversions as conversions, campaignUtms as utms } from '../../db/schema';
import type { ReportCampaignRecord, ReportRange } from './campaign';
import { inDays, sumOf } from './table';

/** Conversion tags of this type are the key pages (spec 000 §3 Conversion data). */
export const KEY_SITE_ACTION = 'key_site_action';
/** Tags of these types count as orders in the ROAS charts. */
export const ORDER_TYPES = ['order', 'purchase'];

/** The top UTM sources or campaigns by count over the range. */
function topUtms(
  db: Db,
  campaignId: number,
  range: ReportRange,
  column: typeof utms.utmSource | typeof utms.utmCampaign,
) {
  const total = sumOf(utms.count);
  return db
    .select({ name: sql<string>`${column}`, count: total })
    .from(utms)
    .where(and(eq(utms.campaignId, campaignId), inDays(utms.date, range)))
    .groupBy(column)
    .orderBy(sql`${total} desc`, sql`${column} collate "C"`)
    .limit(TOP_ENTRIES);
}

/**
 * Conversion data of a display campaign (spec 000 §2.7, §3, §9): counts per tag (most first),
 * page views (tag 4), key pages (the other `key_site_action` tags, top 5), the count-weighted
 * average time to convert (two decimals) and its label, unique site visitors, the top 5 UTM
 * sources and campaigns, and — only when show_roas — orders (counts of `order`/`purchase` tags)
 * and monetary value (dollars, all tags) per day that has conversions.
 */
export async function getConversions(
  db: Db,
  { campaign, range }: { campaign: ReportCampaignRecord; range: ReportRange },
): Promise<ConversionsResponse> {
  const where = and(eq(conversions.campaignId, campaign.id), inDays(conversions.date, range));
  const count = sumOf(conversions.count);
  const values = await db
    .select({
      tag_id: conversions.tagId,
      tag_name: sql<string>`max(${conversions.tagName})`,
      type: sql<string>`max(${conversions.type})`,
      count,
    })
    .from(conversions)
    .where(where)
    .groupBy(conversions.tagId)
    .orderBy(sql`${count} desc`, asc(conversions.tagId));

  const [summary] = await db
    .select({
      weightedDays: sql<number>`sum(${conversions.timeToConvertDays}::float8 * ${conversions.count})`.mapWith(Number),
      weight:
        sql<number>`sum(${conversions.count}) filter (where ${conversions.timeToConvertDays} is not null)`.mapWith(
          Number,
        ),
      uniqueSiteVisitors: sql<number | null>`sum(${conversions.uniqueSiteVisitors})`.mapWith(Number),
    })
    .from(conversions)
    .where(where);
  const timeToConvert =
    summary && summary.weight ? Math.round((summary.weightedDays / summary.weight) * 100 + Number.EPSILON) / 100 : null;

  const roas = campaign.showRoas
    ? await db
        .select({
          date: conversions.date,
          orders:
            sql<number>`coalesce(sum(${conversions.count}) filter (where lower(${conversions.type}) in (${sql.join(
              ORDER_TYPES.map((t) => sql`${t}`),
              sql`, `,
            )})), 0)`.mapWith(Number),
          monetary_value: sumOf(conversions.monetaryValue),
        })
        .from(conversions)
        .where(where)
        .groupBy(conversions.date)
        .orderBy(asc(conversions.date))
    : null;

  const sources = await topUtms(db, campaign.id, range, utms.utmSource);
  const campaigns = await topUtms(db, campaign.id, range, utms.utmCampaign);
  return {
    values,
    page_views: values.find((v) => v.tag_id === PAGE_VIEW_TAG_ID)?.count ?? 0,
    time_to_convert: timeToConvert,
    time_to_convert_label: timeToConvertLabel(timeToConvert),
    unique_site_visitors: summary?.uniqueSiteVisitors ?? null,
    key_pages: values
      .filter((v) => v.type === KEY_SITE_ACTION && v.tag_id !== PAGE_VIEW_TAG_ID)
      .slice(0, TOP_ENTRIES)
      .map((v) => ({ tag_id: v.tag_id, tag_name: v.tag_name, count: v.count })),
    utm_sources: sources.map((s) => ({ utm_source: s.name, count: s.count })),
    utm_campaigns: campaigns.map((c) => ({ utm_campaign: c.name, count: c.count })),
    roas,
  };
}
