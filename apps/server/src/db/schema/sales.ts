import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { dealerships } from './tenancy';

/**
 * A dealership's sold vehicles (issue 22 §1, docs/attribution.md): one row per (dealership, VIN,
 * sold date), the natural key of the `vehicle_sales` ingestion entity and of the sales upload.
 * `deal_type` is new, used or certified; money in dollars; `sold_date` is the dealership's local
 * calendar day. `gross_derived` marks rows whose gross was derived (the demo's sales come from
 * vehicles that left the Ancira feed) rather than reported by the dealer's DMS.
 */
export const vehicleSales = pgTable(
  'vehicle_sales',
  {
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id, { onDelete: 'cascade' }),
    vin: text('vin').notNull(),
    soldDate: date('sold_date', { mode: 'string' }).notNull(),
    dealType: text('deal_type').notNull(),
    salePrice: numeric('sale_price', { precision: 12, scale: 2, mode: 'number' }),
    frontGross: numeric('front_gross', { precision: 12, scale: 2, mode: 'number' }),
    backGross: numeric('back_gross', { precision: 12, scale: 2, mode: 'number' }),
    customerZip: text('customer_zip'),
    grossDerived: boolean('gross_derived').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.dealershipId, t.vin, t.soldDate] }),
    index('vehicle_sales_dealership_date_idx').on(t.dealershipId, t.soldDate),
    check('vehicle_sales_deal_type_check', sql`${t.dealType} in ('new', 'used', 'certified')`),
  ],
);

/**
 * Inventory history (issue 22 §1): every inventory load (feed, ingestion, demo) is a dated snapshot
 * of the VINs on the lot that day, with the listed price in dollars. A vehicle's first appearance
 * is its min(snapshot_date); it is gone on the first snapshot after its last appearance
 * (`inventory_vehicles.gone_date`). Price changes are consecutive snapshots with different prices.
 */
export const inventorySnapshots = pgTable(
  'inventory_snapshots',
  {
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id, { onDelete: 'cascade' }),
    vin: text('vin').notNull(),
    snapshotDate: date('snapshot_date', { mode: 'string' }).notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.dealershipId, t.vin, t.snapshotDate] }),
    index('inventory_snapshots_dealership_date_idx').on(t.dealershipId, t.snapshotDate),
  ],
);
