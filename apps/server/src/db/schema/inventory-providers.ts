import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The inventory data providers the portal knows (spec 001 §3 "Inventory details", §7
 * `GET /admin/inventory_data_providers`): where a dealership's vehicle listings come from. The demo
 * loader records Cars.com, the source of the demo inventory.
 */
export const inventoryDataProviders = pgTable('inventory_data_providers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
});
