import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { InventoryDataProvider, InventorySummary, InventoryVehicle } from '@portal/contracts';
import type { Db } from '../db/client';
import { recordSnapshot, refreshInventoryHistory } from './inventory-history';
import { audiences, inventoryDataProviders as providers, inventoryVehicles as vehicles } from '../db/schema';

/** vehicle_state → vehicle_state_id of spec 001 §3 (1 is new; anything else used). */
const stateId = sql<number>`case ${vehicles.vehicleState} when 'New' then 1 when 'Used' then 2 else 3 end`;

/** The demo inventory comes from Cars.com listings: the demo loader records this provider. */
export const DEMO_INVENTORY_PROVIDER = 'Cars.com';

/**
 * Days on lot (issue 22 §1): from the vehicle's first appearance (`first_seen_date`, the earliest
 * snapshot) to `today`, or to its `gone_date` once it has left the feed; null when never seen.
 */
export const daysOnLot = (today: string) =>
  sql<number | null>`(coalesce(${vehicles.goneDate}, ${today}::date) - ${vehicles.firstSeenDate})`.mapWith((v) =>
    v === null ? null : Number(v),
  );

/**
 * A dealership's vehicles on the lot (gone vehicles, which left the feed, are not listed: the
 * wizard offers only what can be advertised), by VIN (one index range of the primary key).
 */
export async function listInventory(
  db: Db,
  params: { dealershipId: number; pageIndex: number; pageSize: number; today: string },
): Promise<{ data: InventoryVehicle[]; total: number }> {
  const where = and(eq(vehicles.dealershipId, params.dealershipId), isNull(vehicles.goneDate));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        vin_number: vehicles.vin,
        stock_number: vehicles.stockNumber,
        year: vehicles.year,
        raw_make: vehicles.make,
        raw_model: vehicles.model,
        trim: vehicles.trim,
        price: vehicles.price,
        mileage: vehicles.mileage,
        image_url: vehicles.imageUrl,
        vehicle_state: vehicles.vehicleState,
        vehicle_state_id: stateId.mapWith(Number),
        days_on_lot: daysOnLot(params.today),
      })
      .from(vehicles)
      .where(where)
      .orderBy(asc(vehicles.vin))
      .limit(params.pageSize)
      .offset(params.pageIndex * params.pageSize),
    db.select({ total: count() }).from(vehicles).where(where),
  ]);
  return { data: rows, total };
}

/** Counts of a dealership's inventory on the lot, gone vehicles left out (spec 001 §3 "Inventory summary"). */
export async function getInventorySummary(
  db: Db,
  { dealershipId }: { dealershipId: number },
): Promise<InventorySummary> {
  const where = and(eq(vehicles.dealershipId, dealershipId), isNull(vehicles.goneDate));
  const providerRows = await db
    .selectDistinct({ id: vehicles.inventoryDataProviderId })
    .from(vehicles)
    .where(and(where, isNotNull(vehicles.inventoryDataProviderId)))
    .orderBy(asc(vehicles.inventoryDataProviderId));
  const [row] = await db
    .select({
      total: count(),
      fresh: sql<number>`count(*) filter (where ${vehicles.vehicleState} = 'New')`.mapWith(Number),
    })
    .from(vehicles)
    .where(where);
  const total = row?.total ?? 0;
  const fresh = row?.fresh ?? 0;
  return {
    totalVehicles: total,
    newVehicles: fresh,
    usedVehicles: total - fresh,
    inventoryDataProviders: { inventory_data_provider_ids: providerRows.map((r) => r.id!) },
    inventoryDataProviderClients: total > 0 ? [String(dealershipId)] : [],
  };
}

/** The inventory data providers, by id, optionally only the given ids (spec 001 §7). */
export async function listInventoryDataProviders(
  db: Db,
  params: { pageIndex: number; pageSize: number; ids?: number[] },
): Promise<{ data: InventoryDataProvider[]; total: number }> {
  const where = params.ids ? inArray(providers.id, params.ids) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ inventory_data_provider_id: providers.id, name: providers.name })
      .from(providers)
      .where(where)
      .orderBy(asc(providers.id))
      .limit(params.pageSize)
      .offset(params.pageIndex * params.pageSize),
    db.select({ total: count() }).from(providers).where(where),
  ]);
  return { data: rows, total };
}

/**
 * Records a provider (once, by name) and marks the vehicles without a provider as its listings:
 * the demo loader's step after ingesting the Cars.com inventory.
 */
export async function assignInventoryProvider(db: Db, { name }: { name: string }): Promise<number> {
  await db.insert(providers).values({ name }).onConflictDoNothing({ target: providers.name });
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.name, name));
  await db
    .update(vehicles)
    .set({ inventoryDataProviderId: provider!.id })
    .where(isNull(vehicles.inventoryDataProviderId));
  return provider!.id;
}

export interface FeedVehicle {
  vin: string;
  stockNumber: string | null;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  vehicleState: string;
  price: number | null;
  mileage: number | null;
  imageUrl: string | null;
}

/**
 * Upserts a feed's vehicles for a dealership (by VIN) and records the feed as the snapshot of the
 * lot on `today` (a feed is the full lot: the dealership's vehicles missing from it are gone today,
 * a vehicle that reappears is on the lot again; repositories/inventory-history.ts). Returns how
 * many vehicles were new and updated.
 */
export async function upsertInventoryFeed(
  db: Db,
  { dealershipId, rows, today }: { dealershipId: number; rows: FeedVehicle[]; today: string },
): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const result = await tx
        .insert(vehicles)
        .values(chunk.map((r) => ({ ...r, dealershipId, firstSeenDate: today })))
        .onConflictDoUpdate({
          target: [vehicles.dealershipId, vehicles.vin],
          set: {
            stockNumber: sql`excluded.stock_number`,
            year: sql`excluded.year`,
            make: sql`excluded.make`,
            model: sql`excluded.model`,
            trim: sql`excluded.trim`,
            vehicleState: sql`excluded.vehicle_state`,
            price: sql`excluded.price`,
            mileage: sql`excluded.mileage`,
            imageUrl: sql`excluded.image_url`,
            updatedAt: new Date(),
          },
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      inserted += result.filter((r) => r.inserted).length;
    }
    const txDb = tx as unknown as Db;
    await recordSnapshot(txDb, { dealershipId, date: today, vehicles: rows });
    await refreshInventoryHistory(txDb, [dealershipId]);
  });
  return { inserted, updated: rows.length - inserted };
}

/* ---------- Audiences ---------- */

type AudienceRow = typeof audiences.$inferSelect;
const toAudience = (row: AudienceRow) => ({
  _id: row.id,
  audience_name: row.name,
  audience_size: row.size,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  last_run: row.lastRun ? row.lastRun.toISOString() : null,
  mappedAudiences: row.mappedAudiences,
});

export async function listAudiences(db: Db, { dealershipId }: { dealershipId: number }) {
  const rows = await db
    .select()
    .from(audiences)
    .where(eq(audiences.dealershipId, dealershipId))
    .orderBy(asc(audiences.name), asc(audiences.id));
  return rows.map(toAudience);
}

export async function getAudience(db: Db, { dealershipId, audienceId }: { dealershipId: number; audienceId: number }) {
  const [row] = await db
    .select()
    .from(audiences)
    .where(and(eq(audiences.id, audienceId), eq(audiences.dealershipId, dealershipId)));
  return row ? toAudience(row) : null;
}
