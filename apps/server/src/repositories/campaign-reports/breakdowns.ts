import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ctrPercent } from '@portal/contracts';
import type { Db } from '../../db/client';
import {
  campaignDemographics as demographics,
  campaignDmas as campaignDmaRows,
  campaignPlacements as placements,
  dmas,
} from '../../db/schema';
import type { ReportRange } from './campaign';
import { byText, inDays, sumOf } from './table';

/** Impressions and clicks per placement over the range, impressions descending. */
export function getPlacements(db: Db, { campaignId, range }: { campaignId: number; range: ReportRange }) {
  const impressions = sumOf(placements.impressions);
  return db
    .select({ placement: placements.placement, impressions, clicks: sumOf(placements.clicks) })
    .from(placements)
    .where(and(eq(placements.campaignId, campaignId), inDays(placements.date, range)))
    .groupBy(placements.placement)
    .orderBy(desc(impressions), byText(placements.placement));
}

/** Female and male impressions and clicks per age group over the range, age groups ascending. */
export function getDemographics(db: Db, { campaignId, range }: { campaignId: number; range: ReportRange }) {
  const of = (gender: 'female' | 'male', column: typeof demographics.impressions) =>
    sql<number>`coalesce(sum(${column}) filter (where ${demographics.gender} = ${gender}), 0)`.mapWith(Number);
  return db
    .select({
      age: demographics.ageGroup,
      female: of('female', demographics.impressions),
      male: of('male', demographics.impressions),
      female_clicks: of('female', demographics.clicks),
      male_clicks: of('male', demographics.clicks),
    })
    .from(demographics)
    .where(and(eq(demographics.campaignId, campaignId), inDays(demographics.date, range)))
    .groupBy(demographics.ageGroup)
    .orderBy(sql`${demographics.ageGroup} collate "C"`);
}

/** Name shown for a DMA code missing from the reference table. */
export const unknownDmaName = (dmaCode: number) => `DMA ${dmaCode}`;

/**
 * Every DMA with delivery in the range, with its name from the reference table, impressions
 * descending (then DMA code); `limit` keeps the top entries only.
 */
export async function getDmas(
  db: Db,
  { campaignId, range, limit }: { campaignId: number; range: ReportRange; limit?: number },
) {
  const totals = db
    .select({
      dmaCode: campaignDmaRows.dmaCode,
      impressions: sumOf(campaignDmaRows.impressions).as('impressions'),
      clicks: sumOf(campaignDmaRows.clicks).as('clicks'),
    })
    .from(campaignDmaRows)
    .where(and(eq(campaignDmaRows.campaignId, campaignId), inDays(campaignDmaRows.date, range)))
    .groupBy(campaignDmaRows.dmaCode)
    .as('dma_totals');
  const query = db
    .select({
      dma_code: totals.dmaCode,
      name: dmas.name,
      impressions: sql<number>`${totals.impressions}`.mapWith(Number),
      clicks: sql<number>`${totals.clicks}`.mapWith(Number),
    })
    .from(totals)
    .leftJoin(dmas, eq(dmas.dmaCode, totals.dmaCode))
    .orderBy(desc(totals.impressions), asc(totals.dmaCode))
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => ({
    dma_code: row.dma_code,
    dma: row.name ?? unknownDmaName(row.dma_code),
    impressions: row.impressions,
    clicks: row.clicks,
    ctr: ctrPercent(row.clicks, row.impressions),
  }));
}
