import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  INVITATION_TTL_HOURS,
  PASSWORD_RESET_TTL_MINUTES,
  ROLE_PLATFORM_STAFF,
  userMessages,
  type AgencyUser,
  type Invitation,
} from '@portal/contracts';
import type { Db } from '../db/client';
import {
  dealerships,
  organizations,
  passwordResetTokens,
  portalOrganizationIdSequence,
  sessions,
  userDealerships,
  userInvitations,
  users,
} from '../db/schema';
import { ApiError, notFound } from '../lib/errors';
import { digest } from './auth';

/**
 * Users, invitations and password reset tokens (issue 23 §2, docs/users.md). Tokens are 32 random
 * bytes (base64url) handed out once, in an email; the database keeps only their SHA-256. Every
 * function names the organization it works in, so another agency's ids are "not found".
 */

const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);
const badField = (path: string, message: string) =>
  new ApiError(400, 'VALIDATION_FAILED', message, [{ path, message }]);

/** A new link token and its digest. */
export function newLinkToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: digest(token) };
}

type InvitationRow = typeof userInvitations.$inferSelect;

/** An invitation's state at `now`: revoked, accepted, expired or pending. */
export function invitationStatus(row: InvitationRow, now: Date): Invitation['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.acceptedAt) return 'accepted';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

function toInvitation(row: InvitationRow, now: Date, invitedBy: string | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role_id: row.roleId,
    dealership_ids: row.dealershipIds,
    status: invitationStatus(row, now),
    invited_by: invitedBy,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  roleId: users.roleId,
  createdAt: users.createdAt,
  deactivatedAt: users.deactivatedAt,
  timeZone: users.timeZone,
  dealershipIds: sql<
    number[]
  >`coalesce((select array_agg(${userDealerships.dealershipId} order by ${userDealerships.dealershipId}) from ${userDealerships} where ${userDealerships.userId} = ${users.id}), '{}')`,
};

function toAgencyUser(row: {
  id: number;
  email: string;
  name: string;
  roleId: number | null;
  createdAt: Date;
  deactivatedAt: Date | null;
  timeZone: string | null;
  dealershipIds: number[];
}): AgencyUser {
  const roleId = row.roleId ?? 3;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role_id: roleId,
    dealership_ids: roleId === 3 ? row.dealershipIds.map(Number) : [],
    active: row.deactivatedAt === null,
    created_at: row.createdAt.toISOString(),
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
    time_zone: row.timeZone,
  };
}

/**
 * The agency's users (name order) and invitations (newest first, at most 200). Platform staff
 * accounts (role 1) are listed only to platform staff (`includeStaff`): an agency administrator
 * neither sees nor changes them.
 */
export async function listAgencyUsers(
  db: Db,
  { organizationId, includeStaff, now }: { organizationId: number; includeStaff: boolean; now: Date },
): Promise<{ organization: { id: number; name: string }; users: AgencyUser[]; invitations: Invitation[] } | null> {
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) return null;
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        includeStaff ? undefined : sql`coalesce(${users.roleId}, 3) <> ${ROLE_PLATFORM_STAFF}`,
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  const inviter = db.$with('inviter').as(db.select({ id: users.id, email: users.email }).from(users));
  const invitations = await db
    .with(inviter)
    .select({ row: userInvitations, invitedBy: inviter.email })
    .from(userInvitations)
    .leftJoin(inviter, eq(inviter.id, userInvitations.invitedBy))
    .where(eq(userInvitations.organizationId, organizationId))
    .orderBy(desc(userInvitations.createdAt), desc(userInvitations.id))
    .limit(200);
  return {
    organization,
    users: rows.map(toAgencyUser),
    invitations: invitations.map(({ row, invitedBy }) => toInvitation(row, now, invitedBy)),
  };
}

/** 400 at `dealership_ids` unless every id is a dealership of the organization; the ids, sorted and unique. */
async function checkDealerships(db: Db, organizationId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return unique;
  const found = await db
    .select({ id: dealerships.id })
    .from(dealerships)
    .where(and(eq(dealerships.organizationId, organizationId), inArray(dealerships.id, unique)));
  if (found.length !== unique.length) throw badField('body.dealership_ids', userMessages.dealershipsUnknown);
  return unique;
}

/** The dealerships a role keeps: role 3 needs at least one (400), role 2 opens every one (none kept). */
async function dealershipsForRole(db: Db, organizationId: number, roleId: number, ids: number[]) {
  if (roleId !== 3) return [];
  const checked = await checkDealerships(db, organizationId, ids);
  if (checked.length === 0) throw badField('body.dealership_ids', userMessages.dealershipsRequired);
  return checked;
}

/**
 * A new invitation (pending for 72 h) and its link token. 409 when a user already has the email
 * or a pending invitation of this agency names it (send that one again instead).
 */
export async function createInvitation(
  db: Db,
  input: {
    organizationId: number;
    email: string;
    name: string;
    roleId: number;
    dealershipIds: number[];
    invitedBy: number | null;
    now: Date;
  },
): Promise<{ invitation: Invitation; token: string }> {
  const dealershipIds = await dealershipsForRole(db, input.organizationId, input.roleId, input.dealershipIds);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw conflict('A user with this email address already exists');
  const pending = await db
    .select()
    .from(userInvitations)
    .where(
      and(
        eq(userInvitations.organizationId, input.organizationId),
        eq(userInvitations.email, input.email),
        isNull(userInvitations.acceptedAt),
        isNull(userInvitations.revokedAt),
      ),
    );
  if (pending.some((row) => invitationStatus(row, input.now) === 'pending'))
    throw conflict('This address has a pending invitation: send it again from the list instead');
  const { token, hash } = newLinkToken();
  const [row] = await db
    .insert(userInvitations)
    .values({
      organizationId: input.organizationId,
      email: input.email,
      name: input.name,
      roleId: input.roleId,
      dealershipIds,
      tokenHash: hash,
      invitedBy: input.invitedBy,
      createdAt: input.now,
      sentAt: input.now,
      expiresAt: new Date(input.now.getTime() + INVITATION_TTL_HOURS * 3600_000),
    })
    .returning();
  return { invitation: toInvitation(row!, input.now, null), token };
}

/** An invitation of the organization, or 404. */
async function invitationOf(db: Db, organizationId: number, invitationId: number): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(and(eq(userInvitations.id, invitationId), eq(userInvitations.organizationId, organizationId)));
  if (!row) throw notFound('Invitation not found');
  return row;
}

/**
 * Sends an invitation again: a new token (the earlier link stops working) valid 72 h from now. 409
 * for an accepted or revoked invitation.
 */
export async function renewInvitation(
  db: Db,
  { organizationId, invitationId, now }: { organizationId: number; invitationId: number; now: Date },
): Promise<{ invitation: Invitation; token: string }> {
  const row = await invitationOf(db, organizationId, invitationId);
  const status = invitationStatus(row, now);
  if (status === 'accepted' || status === 'revoked') throw conflict(`This invitation was ${status}`);
  const { token, hash } = newLinkToken();
  const [updated] = await db
    .update(userInvitations)
    .set({ tokenHash: hash, sentAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_HOURS * 3600_000) })
    .where(eq(userInvitations.id, row.id))
    .returning();
  return { invitation: toInvitation(updated!, now, null), token };
}

/** Revokes an invitation (its link stops working); 409 when it was accepted. Revoking twice is fine. */
export async function revokeInvitation(
  db: Db,
  { organizationId, invitationId, now }: { organizationId: number; invitationId: number; now: Date },
): Promise<Invitation> {
  const row = await invitationOf(db, organizationId, invitationId);
  if (row.acceptedAt) throw conflict('This invitation was accepted: deactivate the user instead');
  if (row.revokedAt) return toInvitation(row, now, null);
  const [updated] = await db
    .update(userInvitations)
    .set({ revokedAt: now })
    .where(eq(userInvitations.id, row.id))
    .returning();
  return toInvitation(updated!, now, null);
}

/** What a token's invitation is, with its agency's name; null for an unknown token. */
export async function findInvitationByToken(db: Db, { token }: { token: string }) {
  const [found] = await db
    .select({ row: userInvitations, organizationName: organizations.name })
    .from(userInvitations)
    .innerJoin(organizations, eq(organizations.id, userInvitations.organizationId))
    .where(eq(userInvitations.tokenHash, digest(token)));
  return found ?? null;
}

/** 404 with the message of an invitation that cannot be used (unknown, expired, used, revoked). */
export function unusableInvitation(status: Invitation['status'] | 'unknown'): ApiError {
  const message =
    status === 'expired'
      ? userMessages.invitationExpired
      : status === 'accepted'
        ? userMessages.invitationUsed
        : userMessages.invitationInvalid;
  return notFound(message);
}

/**
 * Accepts an invitation in one transaction (the invitation row locked, so a token works once even
 * when two requests race): creates the user with the invitation's organization, role and
 * dealerships (those still of the agency) and the given password hash, and marks it accepted.
 * 404 for a token that is unknown, expired, used or revoked; 409 when the email got an account meanwhile.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; passwordHash: string; name?: string | undefined; now: Date },
): Promise<{ userId: number; organizationId: number; email: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userInvitations)
      .where(eq(userInvitations.tokenHash, digest(input.token)))
      .for('update');
    if (!row) throw unusableInvitation('unknown');
    const status = invitationStatus(row, input.now);
    if (status !== 'pending') throw unusableInvitation(status);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, row.email));
    if (taken) throw conflict('An account with this email address exists already: sign in instead');
    const [user] = await tx
      .insert(users)
      .values({
        email: row.email,
        name: input.name ?? row.name,
        passwordHash: input.passwordHash,
        organizationId: row.organizationId,
        roleId: row.roleId,
      })
      .returning({ id: users.id });
    if (row.roleId === 3 && row.dealershipIds.length > 0) {
      const still = await tx
        .select({ id: dealerships.id })
        .from(dealerships)
        .where(and(eq(dealerships.organizationId, row.organizationId), inArray(dealerships.id, row.dealershipIds)));
      if (still.length > 0)
        await tx.insert(userDealerships).values(still.map((d) => ({ userId: user!.id, dealershipId: d.id })));
    }
    await tx
      .update(userInvitations)
      .set({ acceptedAt: input.now, acceptedUserId: user!.id })
      .where(eq(userInvitations.id, row.id));
    return { userId: user!.id, organizationId: row.organizationId, email: row.email };
  });
}

/** A user of the organization as administrators see it; platform staff only for staff (`includeStaff`); else 404. */
export async function getAgencyUser(
  db: Db,
  { organizationId, userId, includeStaff }: { organizationId: number; userId: number; includeStaff: boolean },
): Promise<AgencyUser> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, organizationId)));
  if (!row || (!includeStaff && (row.roleId ?? 3) === ROLE_PLATFORM_STAFF)) throw notFound('User not found');
  return toAgencyUser(row);
}

/**
 * Changes a user's role, dealerships and/or time zone (`timeZone` null: the agency's; undefined:
 * unchanged) in one transaction (role 2 keeps no dealerships; role 3 at least one of the agency's). The write notifies `portal_auth_changed`, so every process's session cache
 * forgets the user's old role and memberships before their next request.
 */
export async function updateAgencyUser(
  db: Db,
  input: {
    organizationId: number;
    userId: number;
    roleId?: number | undefined;
    dealershipIds?: number[] | undefined;
    timeZone?: string | null | undefined;
  },
): Promise<AgencyUser> {
  const current = await getAgencyUser(db, { ...input, includeStaff: false });
  const roleId = input.roleId ?? current.role_id;
  const ids = await dealershipsForRole(
    db,
    input.organizationId,
    roleId,
    input.dealershipIds ?? (current.role_id === 3 ? current.dealership_ids : []),
  );
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ roleId, ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}) })
      .where(eq(users.id, input.userId));
    await tx.delete(userDealerships).where(eq(userDealerships.userId, input.userId));
    if (ids.length > 0)
      await tx.insert(userDealerships).values(ids.map((dealershipId) => ({ userId: input.userId, dealershipId })));
  });
  return getAgencyUser(db, { ...input, includeStaff: false });
}

/**
 * Deactivates (`active` false) or reactivates a user. Deactivation deletes every session of the
 * user in the same transaction and marks the user, so the session lookup refuses them on their very
 * next request in every process (the write notifies `portal_auth_changed`, which empties the
 * session caches); their password stops working at sign-in.
 */
export async function setUserActive(
  db: Db,
  input: { organizationId: number; userId: number; active: boolean; now: Date },
): Promise<AgencyUser> {
  await getAgencyUser(db, { ...input, includeStaff: false });
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ deactivatedAt: input.active ? null : input.now })
      .where(eq(users.id, input.userId));
    if (!input.active) {
      await tx.delete(sessions).where(eq(sessions.userId, input.userId));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, input.userId));
    }
  });
  return getAgencyUser(db, { ...input, includeStaff: false });
}

/** The active user of an email with their agency's name, or null (unknown or deactivated). */
export async function findActiveUserByEmail(db: Db, { email }: { email: string }) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      organizationId: users.organizationId,
      organizationName: organizations.name,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.email, email), isNull(users.deactivatedAt)));
  return row ?? null;
}

/** A reset token for a user, valid 30 minutes from `now`. */
export async function createPasswordResetToken(
  db: Db,
  { userId, now }: { userId: number; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
  await db.insert(passwordResetTokens).values({ tokenHash: hash, userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * Sets a new password from a reset token in one transaction: the token must exist, be unexpired
 * and belong to an active user, else null (the route answers one 404 for all). The password hash
 * is replaced, and every session and every reset token of the user is deleted — the token works
 * once, and every signed-in browser is signed out.
 */
export async function resetPasswordWithToken(
  db: Db,
  { token, passwordHash, now }: { token: string; passwordHash: string; now: Date },
): Promise<{ id: number; email: string; name: string; organizationId: number } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        userId: passwordResetTokens.userId,
        expiresAt: passwordResetTokens.expiresAt,
        email: users.email,
        name: users.name,
        organizationId: users.organizationId,
        deactivatedAt: users.deactivatedAt,
      })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(eq(passwordResetTokens.tokenHash, digest(token)))
      .for('update');
    if (!row || row.expiresAt.getTime() <= now.getTime() || row.deactivatedAt) return null;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, row.userId));
    return { id: row.userId, email: row.email, name: row.name, organizationId: row.organizationId };
  });
}

/**
 * The user (email and name) a usable reset token is for, and when it expires; null when the token is
 * unknown, used (used tokens are deleted), expired at `now`, or its user is deactivated. Checks a new
 * password against the user's name and email, and tells the reset page whether to show its form.
 */
export async function findResetTokenUser(
  db: Db,
  { token, now }: { token: string; now: Date },
): Promise<{ email: string; name: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      expiresAt: passwordResetTokens.expiresAt,
      deactivatedAt: users.deactivatedAt,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, digest(token)));
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.deactivatedAt) return null;
  return { email: row.email, name: row.name, expiresAt: row.expiresAt };
}

/** A new agency (id from `portal_organization_id_seq`); 409 when an agency has that name. */
export async function createOrganization(
  db: Db,
  { name, timeZone }: { name: string; timeZone: string },
): Promise<{ id: number; name: string; time_zone: string }> {
  const [same] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(sql`lower(${organizations.name}) = lower(${name})`);
  if (same) throw conflict('An agency with this name exists already');
  const [row] = await db
    .insert(organizations)
    .values({
      id: sql`nextval('${sql.raw(portalOrganizationIdSequence.seqName!)}')`,
      name,
      timeZone,
      showBudgetType: 1,
    })
    .returning({ id: organizations.id, name: organizations.name, timeZone: organizations.timeZone });
  return { id: row!.id, name: row!.name, time_zone: row!.timeZone };
}

/** Whether a user (active or not) has this email. */
export async function emailInUse(db: Db, { email }: { email: string }): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}
