import { asc, desc, gt, sql, type SQL } from 'drizzle-orm';
import { ctrPercent, firstHttpsImageUrl, type TopVehiclesResponse } from '@portal/contracts';
import type { Db } from '../../db/client';
import { inventoryVehicles as inventory } from '../../db/schema';
import type { ReportCampaignRecord, ReportRange } from './campaign';
import { ratioOf } from './table';
import { vehicleDescription, vehicleTotals } from './vehicles';

/** Vehicles with at least this many impressions compete for the highest CTR (when there are any). */
export const HIGHEST_CTR_MIN_IMPRESSIONS = 100;

/**
 * The three highlight vehicles of the DYD page (spec 000 §2.7, §3): highest CTR among vehicles
 * with at least 100 impressions (all vehicles with impressions when none has 100), most clicked,
 * most viewed; ties go to more impressions, then the VIN. `averages` are per vehicle with
 * impressions in the range (two decimals); their CTR is total clicks ÷ total impressions.
 */
export async function getTopVehicles(
  db: Db,
  { campaign, range }: { campaign: Pick<ReportCampaignRecord, 'id' | 'dealershipId'>; range: ReportRange },
): Promise<TopVehiclesResponse> {
  const { totals, impressions, clicks, join } = vehicleTotals(db, { campaign, ...range });
  const pick = async (condition: SQL, order: SQL[]) => {
    const [row] = await db
      .select({
        description: vehicleDescription,
        vin: totals.vin,
        imageUrl: inventory.imageUrl,
        impressions,
        clicks,
      })
      .from(totals)
      .leftJoin(inventory, join)
      .where(condition)
      .orderBy(...order, desc(impressions), asc(totals.vin))
      .limit(1);
    if (!row) return null;
    return {
      description: row.description,
      log_vin_number: row.vin,
      log_image_url: row.imageUrl,
      image_url: firstHttpsImageUrl(row.imageUrl),
      impressions: row.impressions,
      clicks: row.clicks,
      ctr: ctrPercent(row.clicks, row.impressions),
    };
  };
  const highestCtr = await pick(gt(impressions, 0), [
    sql`(${impressions} >= ${HIGHEST_CTR_MIN_IMPRESSIONS}) desc`,
    sql`${ratioOf(clicks, impressions)} desc`,
  ]);
  const mostClicked = await pick(gt(clicks, 0), [desc(clicks)]);
  const mostViewed = await pick(gt(impressions, 0), []);

  const [sums] = await db
    .select({
      vehicles: sql<number>`count(*)::int`.mapWith(Number),
      impressions: sql<number>`coalesce(sum(${impressions}), 0)`.mapWith(Number),
      clicks: sql<number>`coalesce(sum(${clicks}), 0)`.mapWith(Number),
    })
    .from(totals)
    .where(gt(impressions, 0));
  const perVehicle = (total: number) =>
    sums && sums.vehicles > 0 ? Math.round((total / sums.vehicles) * 100 + Number.EPSILON) / 100 : 0;
  return {
    highestCtr,
    mostClicked,
    mostViewed,
    averages: {
      impressions: perVehicle(sums?.impressions ?? 0),
      clicks: perVehicle(sums?.clicks ?? 0),
      ctr: ctrPercent(sums?.clicks ?? 0, sums?.impressions ?? 0),
    },
  };
}
