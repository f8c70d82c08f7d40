import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import type { Me } from '@portal/contracts';
import type { Db } from '../db/client';
import { dealerships, organizations, sessions, userDealerships, users } from '../db/schema';

/** argon2id with the OWASP-recommended minimum cost (19 MiB, 2 passes). */
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

// A hash to verify against when the email is unknown, so timing does not reveal which emails exist.
let dummyHash: Promise<string> | undefined;

/**
 * Returns the user id when email and password match and the user is active, else null. A
 * deactivated user's password is still verified (the same work), then refused like a wrong one.
 */
export async function verifyCredentials(
  db: Db,
  { email, password }: { email: string; password: string },
): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.email, email));
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return null;
  }
  const matches = await verify(user.passwordHash, password).catch(() => false);
  return matches && user.deactivatedAt === null ? user.id : null;
}

/** SHA-256 (hex) of a token: what the database keeps of session, invitation and reset tokens. */
export const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Creates a session and returns the opaque token for the cookie (only its hash is stored). */
export async function createSession(
  db: Db,
  { userId, ttlHours }: { userId: number; ttlHours: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await db.insert(sessions).values({ id: digest(token), userId, expiresAt });
  // Housekeeping: the user's expired sessions go with each new sign-in.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return { token, expiresAt };
}

export async function deleteSession(db: Db, { token }: { token: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, digest(token)));
}

/** What `findSessionTenant` knows of the tenant in a request's path, beside the user. */
export interface SessionTenant {
  user: Me;
  /** When the session expires (the lookup answers null from then on). */
  expiresAt: Date;
  /** Whether the organization of the path exists. */
  organizationExists: boolean;
  /** Whether the dealership of the path exists and belongs to that organization (false when none was asked). */
  dealershipInOrganization: boolean;
}

/**
 * The signed-in user of a session token and, in the same statement, whether the organization and
 * dealership of a request's path exist and belong together — one round trip per request for
 * authentication and tenancy (docs/performance.md). Null when the session is unknown or expired.
 */
export async function findSessionTenant(
  db: Db,
  { token, tenant }: { token: string; tenant: { organizationId: number; dealershipId?: number } },
): Promise<SessionTenant | null> {
  const dealershipId = tenant.dealershipId;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      organizationId: users.organizationId,
      roleId: users.roleId,
      expiresAt: sessions.expiresAt,
      dealershipIds: sql<
        number[]
      >`coalesce((select array_agg(${userDealerships.dealershipId} order by ${userDealerships.dealershipId}) from ${userDealerships} where ${userDealerships.userId} = ${users.id}), '{}')`,
      organizationExists: sql<boolean>`exists (select 1 from ${organizations} where ${organizations.id} = ${tenant.organizationId})`,
      dealershipInOrganization:
        dealershipId === undefined
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${dealerships} where ${dealerships.id} = ${dealershipId} and ${dealerships.organizationId} = ${tenant.organizationId})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A deactivated user's sessions are deleted with the deactivation; the check here holds even for
    // a row written in between (issue 23 §2: sessions end at once).
    .where(and(eq(sessions.id, digest(token)), gt(sessions.expiresAt, new Date()), isNull(users.deactivatedAt)));
  if (!row) return null;
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      organization_id: row.organizationId,
      dealership_ids: row.dealershipIds.map(Number),
      // A missing role counts as a dealership user (spec 001 §6).
      role_id: row.roleId ?? 3,
    },
    expiresAt: row.expiresAt,
    organizationExists: row.organizationExists,
    dealershipInOrganization: row.dealershipInOrganization,
  };
}

/** The signed-in user of a session token, or null when the session is unknown or expired. */
export async function findSessionUser(db: Db, { token }: { token: string }): Promise<Me | null> {
  const found = await findSessionTenant(db, { token, tenant: { organizationId: 0 } });
  return found?.user ?? null;
}
