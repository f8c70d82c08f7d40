import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ctrPercent, type VehicleDetail } from '@portal/contracts';
import type { Db } from '../../db/client';
import { campaignVehicles, inventoryVehicles as inventory, managedCampaigns as campaigns } from '../../db/schema';
import type { ReportRange } from './campaign';
import { inDays, sumOf } from './table';

/**
 * The vehicle page (`GET .../inventory/vehicles/{vin}`): the dealership's vehicle facts and its
 * results per campaign of the dealership over the range (impressions descending). Null (→ 404)
 * when the dealership has neither the vehicle in its inventory nor campaign results for it on any day.
 */
export async function getVehicleDetail(
  db: Db,
  params: ReportRange & { dealershipId: number; vin: string },
): Promise<VehicleDetail | null> {
  const [vehicle] = await db
    .select({
      stock_number: inventory.stockNumber,
      year: inventory.year,
      make: inventory.make,
      model: inventory.model,
      trim: inventory.trim,
      body_style: inventory.bodyStyle,
      vehicle_state: inventory.vehicleState,
      price: inventory.price,
      mileage: inventory.mileage,
      exterior_color: inventory.exteriorColor,
      image_url: inventory.imageUrl,
      first_seen_date: inventory.firstSeenDate,
    })
    .from(inventory)
    .where(and(eq(inventory.dealershipId, params.dealershipId), eq(inventory.vin, params.vin)));

  const ofDealership = and(eq(campaigns.dealershipId, params.dealershipId), eq(campaignVehicles.vin, params.vin));
  if (!vehicle) {
    const [any] = await db
      .select({ one: sql<number>`1` })
      .from(campaignVehicles)
      .innerJoin(campaigns, eq(campaigns.id, campaignVehicles.campaignId))
      .where(ofDealership)
      .limit(1);
    if (!any) return null;
  }

  const impressions = sumOf(campaignVehicles.impressions);
  const rows = await db
    .select({
      client_campaign_id: campaigns.id,
      client_campaign_display_name: campaigns.displayName,
      product_code: campaigns.productCode,
      impressions,
      clicks: sumOf(campaignVehicles.clicks),
    })
    .from(campaignVehicles)
    .innerJoin(campaigns, eq(campaigns.id, campaignVehicles.campaignId))
    .where(and(ofDealership, inDays(campaignVehicles.date, params)))
    .groupBy(campaigns.id, campaigns.displayName, campaigns.productCode)
    .orderBy(desc(impressions), asc(campaigns.id));
  const total = (key: 'impressions' | 'clicks') => rows.reduce((sum, row) => sum + row[key], 0);
  return {
    vin: params.vin,
    vehicle: vehicle ?? null,
    totals: {
      impressions: total('impressions'),
      clicks: total('clicks'),
      ctr: ctrPercent(total('clicks'), total('impressions')),
    },
    campaigns: rows.map((row) => ({ ...row, ctr: ctrPercent(row.clicks, row.impressions) })),
  };
}
