import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about this installation, e.g. `demo_loaded_at` so the demo agency loads on first start only. */
export const systemState = pgTable('system_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
