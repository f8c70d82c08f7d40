import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import type { Me } from '@portal/contracts';
import type { Db } from '../../db/client';
import { sessions, userDealerships, users } from '../../db/schema';

/** argon2id with the OWASP-recommended minimum cost (19 MiB, 2 passes). */
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

// A hash to verify against when the email is unknown, so timing does not reveal which emails exist.
let dummyHash: Promise<string> | undefined;

/** Returns the user id when email and password match, else null. */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return null;
  }
  return (await verify(user.passwordHash, password).catch(() => false)) ? user.id : null;
}

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Creates a session and returns the opaque token for the cookie (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: number,
  ttlHours: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await db.insert(sessions).values({ id: digest(token), userId, expiresAt });
  // Housekeeping: the user's expired sessions go with each new sign-in.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return { token, expiresAt };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, digest(token)));
}

/** The signed-in user of a session token, or null when the session is unknown or expired. */
export async function findSessionUser(db: Db, token: string): Promise<Me | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      organizationId: users.organizationId,
      roleId: users.roleId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, digest(token)), gt(sessions.expiresAt, new Date())));
  if (!row) return null;
  const dealershipRows = await db
    .select({ dealershipId: userDealerships.dealershipId })
    .from(userDealerships)
    .where(eq(userDealerships.userId, row.id));
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    organization_id: row.organizationId,
    dealership_ids: dealershipRows.map((d) => d.dealershipId).sort((a, b) => a - b),
    // A missing role counts as a dealership user (spec 001 §6).
    role_id: row.roleId ?? 3,
  };
}
