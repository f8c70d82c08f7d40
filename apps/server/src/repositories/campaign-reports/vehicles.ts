import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ctrPercent, VEHICLE_NOT_IN_INVENTORY, type VehicleRow } from '@portal/contracts';
import type { Db } from '../../db/client';
import { campaignVehicles, inventoryVehicles as inventory } from '../../db/schema';
import type { ReportCampaignRecord, ReportRange } from './campaign';
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

export interface VehicleTableParams extends ReportRange, TableState {
  campaign: Pick<ReportCampaignRecord, 'id' | 'dealershipId'>;
}

/** The vehicle's title from the dealership's inventory: year make model trim. */
export const vehicleDescription = sql<string>`case when ${inventory.vin} is null then ${VEHICLE_NOT_IN_INVENTORY} else concat_ws(' ', ${inventory.year}, ${inventory.make}, ${inventory.model}, ${inventory.trim}) end`;

/**
 * A campaign's vehicles with impressions and clicks summed over the range, joined to the
 * dealership's inventory (a VIN the inventory lacks is still listed, as VEHICLE_NOT_IN_INVENTORY).
 */
export function vehicleTotals(db: Db, params: VehicleTableParams) {
  const totals = db
    .select({
      vin: campaignVehicles.vin,
      impressions: sumOf(campaignVehicles.impressions).as('impressions'),
      clicks: sumOf(campaignVehicles.clicks).as('clicks'),
    })
    .from(campaignVehicles)
    .where(and(eq(campaignVehicles.campaignId, params.campaign.id), inDays(campaignVehicles.date, params)))
    .groupBy(campaignVehicles.vin)
    .as('vehicle_totals');
  const impressions = sql<number>`${totals.impressions}`.mapWith(Number);
  const clicks = sql<number>`${totals.clicks}`.mapWith(Number);
  const join = and(eq(inventory.dealershipId, params.campaign.dealershipId), eq(inventory.vin, totals.vin));
  return { totals, impressions, clicks, join };
}

/**
 * Days on lot as of the range's last day (issue 22 §3): first seen → gone (or the last day while on the
 * lot); null without a first-seen day or when first seen after the range.
 */
export function daysOnLot(endDate: string) {
  const last = sql`least(coalesce(${inventory.goneDate}, ${endDate}::date), ${endDate}::date)`;
  return sql<
    number | null
  >`case when ${inventory.firstSeenDate} is null or ${inventory.firstSeenDate} > ${endDate}::date then null else ${last} - ${inventory.firstSeenDate} end`;
}

/** Filters: `vehicle_state` (one or more states), free text in `description` or `vin_number`. */
function vehicleFilters(params: VehicleTableParams, vin: SQL): SQL | undefined {
  const conditions: SQL[] = [];
  const states = filterValues(params.filters, 'vehicle_state').map((s) => s.toLowerCase());
  if (states.length > 0) conditions.push(inArray(sql`lower(${inventory.vehicleState})`, states));
  for (const text of filterValues(params.filters, 'description'))
    conditions.push(containsText(vehicleDescription, text));
  for (const text of filterValues(params.filters, 'vin_number')) conditions.push(containsText(vin, text));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * One slice of the vehicles table (spec 000 §2.6, §2.7): sortable by every column, default
 * impressions descending, ties by VIN.
 */
export async function listVehicles(
  db: Db,
  { slice, ...params }: VehicleTableParams & { slice: Slice },
): Promise<VehicleRow[]> {
  const { totals, impressions, clicks, join } = vehicleTotals(db, params);
  const order = orderClauses(
    params.sorting,
    {
      description: byText(vehicleDescription),
      vin_number: sql`${totals.vin}`,
      facebook_product_vendor_id: byText(inventory.stockNumber),
      vehicle_state: byText(inventory.vehicleState),
      impressions,
      clicks,
      ctr: ratioOf(clicks, impressions),
    },
    [desc(impressions)],
    [asc(totals.vin)],
  );
  const rows = await db
    .select({
      description: vehicleDescription,
      vin_number: totals.vin,
      facebook_product_vendor_id: inventory.stockNumber,
      vehicle_state: inventory.vehicleState,
      impressions,
      clicks,
      days_on_lot: daysOnLot(params.endDate),
    })
    .from(totals)
    .leftJoin(inventory, join)
    .where(vehicleFilters(params, sql`${totals.vin}`))
    .orderBy(...order)
    .limit(slice.limit)
    .offset(slice.offset);
  return rows.map((row) => ({
    ...row,
    ctr: ctrPercent(row.clicks, row.impressions),
    days_on_lot: row.days_on_lot === null ? null : Number(row.days_on_lot),
  }));
}

export async function countVehicles(db: Db, params: VehicleTableParams): Promise<number> {
  const { totals, join } = vehicleTotals(db, params);
  const [row] = await db
    .select({ total: count() })
    .from(totals)
    .leftJoin(inventory, join)
    .where(vehicleFilters(params, sql`${totals.vin}`));
  return row?.total ?? 0;
}
