import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ctrPercent } from '@portal/contracts';
import type { Db } from '../../db/client';
import { campaignCreativeMetrics as metrics, campaignCreatives as creatives } from '../../db/schema';
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

export interface CreativeTableParams extends ReportRange, TableState {
  campaignId: number;
}

function creativeTotals(db: Db, params: CreativeTableParams) {
  const totals = db
    .select({
      creativeId: metrics.creativeId,
      impressions: sumOf(metrics.impressions).as('impressions'),
      clicks: sumOf(metrics.clicks).as('clicks'),
    })
    .from(metrics)
    .where(and(eq(metrics.campaignId, params.campaignId), inDays(metrics.date, params)))
    .groupBy(metrics.creativeId)
    .as('creative_totals');
  const impressions = sql<number>`coalesce(${totals.impressions}, 0)`.mapWith(Number);
  const clicks = sql<number>`coalesce(${totals.clicks}, 0)`.mapWith(Number);
  const conditions: SQL[] = [eq(creatives.campaignId, params.campaignId)];
  for (const text of filterValues(params.filters, 'creative_name'))
    conditions.push(containsText(creatives.creativeName, text));
  const sizes = filterValues(params.filters, 'creative_size');
  if (sizes.length > 0)
    conditions.push(
      sql`${creatives.creativeSize} in (${sql.join(
        sizes.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  return { totals, impressions, clicks, where: and(...conditions) };
}

/**
 * One slice of the creatives table: every creative of the campaign with its delivery over the
 * range (0 when it did not run), default impressions descending, ties by creative id. Filters:
 * `creative_name` (text), `creative_size` (one or more sizes).
 */
export async function listCreatives(db: Db, { slice, ...params }: CreativeTableParams & { slice: Slice }) {
  const { totals, impressions, clicks, where } = creativeTotals(db, params);
  const rows = await db
    .select({
      creative_id: creatives.creativeId,
      creative_name: creatives.creativeName,
      creative_size: creatives.creativeSize,
      image_url: creatives.imageUrl,
      impressions,
      clicks,
    })
    .from(creatives)
    .leftJoin(totals, eq(totals.creativeId, creatives.creativeId))
    .where(where)
    .orderBy(
      ...orderClauses(
        params.sorting,
        {
          creative_name: byText(creatives.creativeName),
          creative_size: sql`${creatives.creativeSize} collate "C"`,
          impressions,
          clicks,
          ctr: ratioOf(clicks, impressions),
        },
        [desc(impressions)],
        [asc(creatives.creativeId)],
      ),
    )
    .limit(slice.limit)
    .offset(slice.offset);
  return rows.map((row) => ({ ...row, ctr: ctrPercent(row.clicks, row.impressions) }));
}

export async function countCreatives(db: Db, params: CreativeTableParams): Promise<number> {
  const { where } = creativeTotals(db, params);
  const [row] = await db.select({ total: count() }).from(creatives).where(where);
  return row?.total ?? 0;
}
