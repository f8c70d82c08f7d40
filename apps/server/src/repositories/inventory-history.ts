import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Inventory history (issue 22 §1, docs/ingestion.md "Inventory history"). Every full inventory
 * load — an `inventory_vehicles` ingestion file, an `inventory_snapshots` file, the feed upload
 * `POST .../inventory/feed` and the demo — is a dated snapshot of the VINs on a dealership's lot
 * (`inventory_snapshots`: dealership, VIN, calendar day in the dealership's time zone, listed price
 * in dollars). The vehicle rows' `first_seen_date` and `gone_date` are derived from the snapshots
 * by `refreshInventoryHistory`.
 */

/** One VIN of a load and its listed price in dollars (null when the feed has no price). */
export interface SnapshotVehicle {
  vin: string;
  price: number | null;
}

/**
 * Records the snapshot of one dealership's lot on `date` (`YYYY-MM-DD`): one row per VIN, upserted
 * on (dealership, VIN, date) — an unchanged price is not rewritten. A load is the full lot, so a
 * second load on the same day replaces that day's snapshot (VINs it does not name leave it). Call
 * `refreshInventoryHistory` afterwards (in the same transaction).
 */
export async function recordSnapshot(
  db: Db,
  { dealershipId, date, vehicles }: { dealershipId: number; date: string; vehicles: SnapshotVehicle[] },
): Promise<void> {
  await trimSnapshots(db, dealershipId, [{ date, vins: vehicles.map((v) => v.vin.toUpperCase()) }]);
  for (let i = 0; i < vehicles.length; i += 50_000) {
    const chunk = vehicles.slice(i, i + 50_000);
    await db.execute(sql`insert into inventory_snapshots (dealership_id, vin, snapshot_date, price)
      select ${dealershipId}::int, vin, ${date}::date, price
      from unnest(${sql.param(chunk.map((v) => v.vin.toUpperCase()))}::text[], ${sql.param(
        chunk.map((v) => (v.price === null ? null : String(v.price))),
      )}::numeric[]) as t(vin, price)
      on conflict (dealership_id, vin, snapshot_date) do update set price = excluded.price
      where inventory_snapshots.price is distinct from excluded.price`);
  }
}

/**
 * Removes from each (dealership, day) snapshot the VINs the day's load does not name (a load is the
 * full lot of its day).
 */
export async function trimSnapshots(db: Db, dealershipId: number, days: Array<{ date: string; vins: string[] }>) {
  for (const { date, vins } of days)
    await db.execute(sql`delete from inventory_snapshots
      where dealership_id = ${dealershipId} and snapshot_date = ${date}::date
        and vin <> all(${sql.param(vins)}::text[])`);
}

/**
 * Derives the dealerships' vehicles' history from their snapshots:
 *
 * - `first_seen_date` = the earliest of the vehicle's snapshots (or an earlier first-seen date the
 *   vehicle already had, from before the history was kept);
 * - `gone_date` = the dealership's first snapshot day after the vehicle's last appearance (null
 *   while the vehicle is in the latest snapshot), so a vehicle that reappears is on the lot again.
 *   A vehicle that no snapshot names is gone on the first snapshot on or after its first-seen day.
 *
 * Only rows whose dates change are written. Dealerships without snapshots are left alone.
 */
export async function refreshInventoryHistory(db: Db, dealershipIds: number[]): Promise<void> {
  if (dealershipIds.length === 0) return;
  const ids = sql`${sql.param(dealershipIds)}::int[]`;
  await db.execute(sql`with days as (
      select distinct dealership_id, snapshot_date from inventory_snapshots where dealership_id = any(${ids})
    ), seen as (
      select dealership_id, vin, min(snapshot_date) as first_seen, max(snapshot_date) as last_seen
      from inventory_snapshots where dealership_id = any(${ids}) group by dealership_id, vin
    ), history as (
      select v.dealership_id, v.vin,
        case when s.first_seen is null then v.first_seen_date else least(v.first_seen_date, s.first_seen) end as first_seen,
        (select min(d.snapshot_date) from days d
          where d.dealership_id = v.dealership_id
            and d.snapshot_date > coalesce(s.last_seen, v.first_seen_date - 1, '-infinity'::date)) as gone
      from inventory_vehicles v
      left join seen s on s.dealership_id = v.dealership_id and s.vin = v.vin
      where v.dealership_id = any(${ids})
        and exists (select 1 from days d where d.dealership_id = v.dealership_id)
    )
    update inventory_vehicles v set first_seen_date = h.first_seen, gone_date = h.gone, updated_at = now()
    from history h
    where v.dealership_id = h.dealership_id and v.vin = h.vin
      and (v.first_seen_date, v.gone_date) is distinct from (h.first_seen, h.gone)`);
}
