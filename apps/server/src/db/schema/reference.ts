import { integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';

/** The 210 Nielsen DMAs (2012-13 estimates). */
export const dmas = pgTable('dmas', {
  dmaCode: integer('dma_code').primaryKey(),
  rank: integer('rank').notNull(),
  name: text('name').notNull(),
  tvHomes: integer('tv_homes').notNull(),
  pctOfUs: numeric('pct_of_us', { precision: 6, scale: 3, mode: 'number' }).notNull(),
});

/** ZIP code → DMA. */
export const zipDmas = pgTable('zip_dmas', {
  zipCode: text('zip_code').primaryKey(),
  dmaCode: integer('dma_code').notNull(),
  dmaDescription: text('dma_description').notNull(),
});
