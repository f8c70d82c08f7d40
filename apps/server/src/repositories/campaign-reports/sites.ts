import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignSites as sites } from '../../db/schema';
import type { ReportRange } from './campaign';
import { byText, containsText, filterValues, inDays, orderClauses, sumOf, type Slice, type TableState } from './table';

export interface SiteTableParams extends ReportRange, TableState {
  campaignId: number;
}

function siteWhere(params: SiteTableParams): SQL {
  const conditions: SQL[] = [eq(sites.campaignId, params.campaignId), inDays(sites.date, params)];
  for (const id of ['SITE', 'site']) {
    for (const text of filterValues(params.filters, id)) conditions.push(containsText(sites.site, text));
  }
  return and(...conditions)!;
}

/**
 * One slice of Top Performing Sites (spec 000 §2.7, §3): impressions per site over the range
 * with its distinct creative sizes (`AD_SIZES`, sorted), default impressions descending, ties by
 * site. Sortable by `SITE` and `IMPRESSIONS`; filter `SITE` (text).
 */
export async function listSites(db: Db, { slice, ...params }: SiteTableParams & { slice: Slice }) {
  const impressions = sumOf(sites.impressions);
  const sortable = { SITE: byText(sites.site), IMPRESSIONS: impressions };
  const sorting = params.sorting?.map((s) => ({ ...s, id: s.id.toUpperCase() }));
  return db
    .select({
      SITE: sites.site,
      AD_SIZES: sql<
        string[]
      >`array_agg(distinct ${sites.creativeSize} collate "C" order by ${sites.creativeSize} collate "C")`,
      IMPRESSIONS: impressions,
    })
    .from(sites)
    .where(siteWhere(params))
    .groupBy(sites.site)
    .orderBy(...orderClauses(sorting, sortable, [desc(impressions)], [sql`${sites.site} collate "C"`]))
    .limit(slice.limit)
    .offset(slice.offset);
}

export async function countSites(db: Db, params: SiteTableParams): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(distinct ${sites.site})::int`.mapWith(Number) })
    .from(sites)
    .where(siteWhere(params));
  return row?.total ?? 0;
}

/** Impressions per creative size of one site over the range, impressions descending. */
export function getSiteSizes(db: Db, params: ReportRange & { campaignId: number; site: string }) {
  const impressions = sumOf(sites.impressions);
  return db
    .select({ SIZE: sites.creativeSize, IMPRESSIONS: impressions })
    .from(sites)
    .where(and(eq(sites.campaignId, params.campaignId), inDays(sites.date, params), eq(sites.site, params.site)))
    .groupBy(sites.creativeSize)
    .orderBy(desc(impressions), sql`${sites.creativeSize} collate "C"`);
}
