import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { dealerships, organizations, users } from './tenancy';

/**
 * Alerts (issue 21 §3, docs/trust.md "Alerts"). One row per occurrence of a condition: `condition_key`
 * names the rule and its subject (e.g. `pacing:100001`, `sync_failed:ss:5000001`). While the
 * condition holds there is exactly one unresolved row per (organization, key): a partial unique
 * index enforces it, so evaluations from several processes or after a restart cannot duplicate it.
 * The evaluation sets `resolved_at` when the condition clears; a later recurrence opens a new row.
 * `expected`/`actual` are in the metric's unit (impressions, CTR %, pace %).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dealershipId: integer('dealership_id')
      .notNull()
      .references(() => dealerships.id, { onDelete: 'cascade' }),
    /** A managed campaign id, or a self-service campaign id when `campaign_kind` is 'self_service'. */
    campaignId: integer('campaign_id'),
    campaignKind: text('campaign_kind').notNull().default('managed'),
    rule: text('rule').notNull(),
    conditionKey: text('condition_key').notNull(),
    metric: text('metric').notNull(),
    expected: numeric('expected', { precision: 18, scale: 4, mode: 'number' }),
    actual: numeric('actual', { precision: 18, scale: 4, mode: 'number' }),
    message: text('message').notNull(),
    reportFrom: date('report_from', { mode: 'string' }).notNull(),
    reportTo: date('report_to', { mode: 'string' }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    snoozedUntil: date('snoozed_until', { mode: 'string' }),
    /** When the webhook and digest last carried this alert (null: not yet). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alerts_open_condition_idx')
      .on(t.organizationId, t.conditionKey)
      .where(sql`resolved_at is null`),
    index('alerts_organization_idx').on(t.organizationId, t.openedAt),
    // The agency overview's open alerts per rooftop (repositories/alerts/list.ts
    // `openAlertsPerDealershipSql`): unresolved alerts of a list of rooftops, without reading the
    // agency's resolved ones or another agency's. Every column the count reads is in the index, so
    // PostgreSQL counts from the index alone (no heap fetch) where vacuum has marked the alerts' pages
    // all-visible (migration 0030: 0.8 → 0.2 ms for the 1,013 open alerts of the bench's 50 rooftops).
    index('alerts_open_dealership_idx')
      .on(t.dealershipId, t.organizationId, t.snoozedUntil, t.acknowledgedAt, t.resolvedAt)
      .where(sql`resolved_at is null`),
  ],
);

/** Comments on an alert, by the users who see it. */
export const alertComments = pgTable(
  'alert_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_comments_alert_idx').on(t.alertId, t.createdAt)],
);
