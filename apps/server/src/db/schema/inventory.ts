import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { inventoryDataProviders } from './inventory-providers';
import { dealerships } from './tenancy';

/** A dealership's vehicles (spec 001 §3 vehicle record); vehicle_state New, Used or Certified used. */
export const inventoryVehicles = pgTable(
  'inventory_vehicles',
  {
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id),
    vin: text('vin').notNull(),
    stockNumber: text('stock_number'),
    year: integer('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    trim: text('trim'),
    bodyStyle: text('body_style'),
    vehicleState: text('vehicle_state').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
    mileage: integer('mileage'),
    exteriorColor: text('exterior_color'),
    imageUrl: text('image_url'),
    firstSeenDate: date('first_seen_date', { mode: 'string' }),
    /**
     * The day the vehicle left the feed (issue 22 §1): the first snapshot of the dealership's
     * inventory without it; null while it is on the lot. "Sold" once a `vehicle_sales` row names it.
     */
    goneDate: date('gone_date', { mode: 'string' }),
    /** The provider the listing came from; null for the dealership's own feed (POST .../inventory/feed). */
    inventoryDataProviderId: integer('inventory_data_provider_id').references(() => inventoryDataProviders.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.dealershipId, t.vin] }), index('inventory_vehicles_vin_idx').on(t.vin)],
);
