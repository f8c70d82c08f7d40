import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { dealerships, organizations, users } from './tenancy';

/**
 * Notes on a date (issue 21 §4, docs/trust.md "Annotations"). A note belongs to a dealership and,
 * optionally, to one campaign (`campaign_id` with `campaign_kind`: a managed campaign id, or a
 * self-service campaign id when 'self_service'); a note without a campaign shows on every campaign
 * report of the dealership. `note_date` is the dealership's local calendar day. `kind` is `user`
 * for a note written by `author_id`; the automatic kinds (`budget_change`, `pause`, `play`) are
 * written by ingestion and the self-service pause/resume with a null author. Flight start and end
 * are not stored: they are derived from the campaign's flight when notes are read.
 */
export const annotations = pgTable(
  'annotations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id, { onDelete: 'cascade' }),
    campaignKind: text('campaign_kind'),
    campaignId: integer('campaign_id'),
    noteDate: date('note_date', { mode: 'string' }).notNull(),
    body: text('body').notNull(),
    kind: text('kind').notNull().default('user'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('annotations_dealership_date_idx').on(t.dealershipId, t.noteDate),
    check('annotations_kind_check', sql`${t.kind} in ('user', 'budget_change', 'pause', 'play')`),
    check('annotations_campaign_check', sql`(${t.campaignId} is null) = (${t.campaignKind} is null)`),
    check('annotations_campaign_kind_check', sql`${t.campaignKind} in ('managed', 'self_service')`),
    check('annotations_body_check', sql`char_length(${t.body}) between 1 and 500`),
  ],
);
