import net from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures, users } from '../db/schema';

/**
 * Sign-in throttling (issue 18 item 7, docs/security.md "Sign-in throttling", OWASP Authentication
 * Cheat Sheet "account lockout" / ASVS 2.2.1). Failures are counted per (email, client address): from
 * the `pairThreshold`-th failure on, that address is slowed for that email with growing delays
 * (`firstDelayMs`, doubling with each further failure, at most `maxDelayMs`) — 429 with Retry-After —
 * while the owner signing in from any other address is not affected. Failures from every address are
 * also counted per account: past `accountCeiling` (a distributed guessing attack) each address is
 * slowed from its first failure, which slows guessing to one try per address and delay but never
 * locks the account: a right password from an address that has not failed still signs in.
 * Everything is keyed by the lower-cased email whether or not a user has it (a delay reveals nothing),
 * and forgotten after `quietMs` without a failure.
 */
export interface ThrottleRule {
  pairThreshold: number;
  accountCeiling: number;
  firstDelayMs: number;
  maxDelayMs: number;
  quietMs: number;
}

/** The defaults: 5 failures per address, then 1 min doubling up to 1 h; 50 per account; forgotten after a day. */
export const DEFAULT_THROTTLE: ThrottleRule = {
  pairThreshold: 5,
  accountCeiling: 50,
  firstDelayMs: 60_000,
  maxDelayMs: 3_600_000,
  quietMs: 24 * 3_600_000,
};

/** The `client` of the account-wide row. */
const ACCOUNT = '*';

/**
 * The throttling key of a client address: an IPv4 address as is, an IPv6 address by its /64 prefix
 * (one subscriber usually holds a whole /64, so rotating inside it does not reset the count);
 * IPv4-mapped IPv6 addresses as IPv4.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(ip)) {
    const [head = '', tail = ''] = ip.toLowerCase().split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
    return `${groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return ip;
}

/** Until when `email` is slowed for this client address, or null when it may try now. */
export async function throttledUntil(
  db: Db,
  { email, client, now }: { email: string; client: string; now: Date },
): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email.toLowerCase()), eq(loginFailures.client, client)));
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

/** What a recorded failure did: the address's delay, if one starts now, and whether to tell the owner. */
export interface FailureOutcome {
  /** The address is slowed until then (null: it may try again at once). */
  lockedUntil: Date | null;
  /** Throttling of this account starts now for the first time in its episode: email the owner once. */
  notifyOwner: boolean;
}

/**
 * Records a failed sign-in of `email` from `client` (one transaction): the address's and the
 * account's counters (each restarted after `quietMs` without a failure), the address's delay when it
 * has reached its threshold, and — the first time in an episode that any address of the account is
 * slowed — the account row's `notified_at`, so exactly one caller is told to notify the owner.
 */
export async function recordLoginFailure(
  db: Db,
  { email, client, now, rule = DEFAULT_THROTTLE }: { email: string; client: string; now: Date; rule?: ThrottleRule },
): Promise<FailureOutcome> {
  const key = email.toLowerCase();
  const quietSince = new Date(now.getTime() - rule.quietMs);
  return db.transaction(async (tx) => {
    const bump = (target: string) =>
      tx
        .insert(loginFailures)
        .values({ email: key, client: target, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: [loginFailures.email, loginFailures.client],
          set: {
            failures: sql`case when ${loginFailures.lastFailureAt} < ${quietSince.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
            notifiedAt: sql`case when ${loginFailures.lastFailureAt} < ${quietSince.toISOString()}::timestamptz then null else ${loginFailures.notifiedAt} end`,
            lockedUntil: sql`case when ${loginFailures.lastFailureAt} < ${quietSince.toISOString()}::timestamptz then null else ${loginFailures.lockedUntil} end`,
            lastFailureAt: now,
          },
        })
        .returning({ failures: loginFailures.failures, notifiedAt: loginFailures.notifiedAt });
    const [account] = await bump(ACCOUNT);
    const [pair] = await bump(client);
    const threshold = account!.failures > rule.accountCeiling ? 1 : rule.pairThreshold;
    if (pair!.failures < threshold) return { lockedUntil: null, notifyOwner: false };
    const delayMs = Math.min(rule.firstDelayMs * 2 ** Math.min(pair!.failures - threshold, 30), rule.maxDelayMs);
    const lockedUntil = new Date(now.getTime() + delayMs);
    await tx
      .update(loginFailures)
      .set({ lockedUntil })
      .where(and(eq(loginFailures.email, key), eq(loginFailures.client, client)));
    if (account!.notifiedAt) return { lockedUntil, notifyOwner: false };
    // Only the transaction that sets it is told to notify (several processes may race here).
    const claimed = await tx
      .update(loginFailures)
      .set({ notifiedAt: now })
      .where(
        and(eq(loginFailures.email, key), eq(loginFailures.client, ACCOUNT), sql`${loginFailures.notifiedAt} is null`),
      )
      .returning({ email: loginFailures.email });
    return { lockedUntil, notifyOwner: claimed.length === 1 };
  });
}

/**
 * After a successful sign-in from `client`: its address row is deleted. The account-wide row stays
 * until it goes quiet — so a distributed attack is not reset by the owner signing in, and the episode
 * the owner was told about goes on without a second email while the attack does.
 */
export async function clearLoginFailures(db: Db, { email, client }: { email: string; client: string }): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email.toLowerCase()), eq(loginFailures.client, client)));
}

/** The user an email belongs to (case-insensitive), for the owner's notice; null for unknown addresses. */
export async function findUserByEmail(
  db: Db,
  { email }: { email: string },
): Promise<{ id: number; email: string; name: string; organizationId: number } | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, organizationId: users.organizationId })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user ?? null;
}
