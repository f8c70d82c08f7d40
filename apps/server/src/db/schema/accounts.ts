import { bigint, index, integer, jsonb, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations, users } from './tenancy';

/**
 * Ids of agencies created in the portal (issue 23 §2, `POST /api/admin/agencies`), away from the
 * upstream organization ids ingestion loads (as `portal_campaign_id_seq` does for campaigns).
 */
export const portalOrganizationIdSequence = pgSequence('portal_organization_id_seq', { startWith: 1_000_000 });

/**
 * Invitations of users by email (issue 23 §2, docs/users.md). `token_hash` is the SHA-256 of the
 * link's token (the token itself is only in the email); sending again replaces it (the older link
 * stops working) and restarts `expires_at` (72 h). `accepted_at` or `revoked_at` end it.
 * `dealership_ids`: for role 3, the dealerships the user may open.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    roleId: integer('role_id').notNull(),
    dealershipIds: jsonb('dealership_ids').$type<number[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('user_invitations_organization_idx').on(t.organizationId, t.createdAt)],
);

/**
 * Password reset links (issue 23 §2): the SHA-256 of the emailed token, valid 30 minutes and once.
 * A password change deletes every row of the user (and every session).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * The audit log (issue 23 §3, docs/users.md): one row per state-changing request, written by the
 * audit hook (plugins/app/audit.ts) for every API operation. Append-only: a trigger (migration
 * 0013) refuses UPDATE, and DELETE except by the retention job (`portal.audit_retention` set in
 * its transaction). `action` is the operation id; `summary` what changed, secrets left out.
 * No foreign keys: a row outlives the user, agency or dealership it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: integer('user_id'),
    userEmail: text('user_email'),
    clientAddress: text('client_address'),
    organizationId: integer('organization_id'),
    dealershipId: integer('dealership_id'),
    action: text('action').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    target: text('target'),
    status: integer('status').notNull(),
    summary: text('summary').notNull(),
  },
  (t) => [index('audit_events_organization_at_idx').on(t.organizationId, t.at), index('audit_events_at_idx').on(t.at)],
);
