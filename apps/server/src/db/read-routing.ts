import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** The Drizzle database (the same type as client.ts `Db`, named here so client.ts can import this module). */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Reads from PostgreSQL streaming replicas (issue 24 §3, docs/scaling.md "Read replicas").
 *
 * Report reads (routes with `config.readReplica`, plugins/external/read-routing.ts) go to the
 * replicas, round-robin; everything else to the primary. Two rules keep them correct:
 *
 * - Read-your-writes: after each committed write of a signed-in user the primary's WAL position
 *   (`pg_current_wal_lsn()`, taken after the commit, so at or past its commit record) is recorded
 *   for the user (in this process) and in a cookie (for the user's browser, whatever process answers
 *   next). A read that must see it uses a replica only once that replica's
 *   `pg_last_wal_replay_lsn()` has reached it — waiting up to `waitMs`, polling — and otherwise the
 *   primary.
 * - Kept answers (the response cache): a change notification can arrive before a replica has
 *   replayed the change. On each notification the primary's position is read again (`noteChange`);
 *   an answer read from a replica is kept only if, when it was read, no such read was pending and
 *   the replica had replayed up to the newest one (`keepable`). Otherwise it is answered but not kept.
 */

/** A WAL position (`pg_lsn`, e.g. `0/5000060`) as a number of bytes. */
export type Lsn = bigint;

/** Reads `X/Y` (hexadecimal halves), as PostgreSQL prints a `pg_lsn`; null for anything else. */
export function parseLsn(text: string | null | undefined): Lsn | null {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text ?? '');
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** Prints a position as PostgreSQL does (`0/5000060`). */
export function formatLsn(lsn: Lsn): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

const maxLsn = (a: Lsn | null, b: Lsn | null): Lsn | null => (a === null ? b : b === null ? a : a > b ? a : b);

/** One replica: its pool, a Drizzle database over it and the newest replay position seen. */
export interface Replica {
  /** `replica 1`, `replica 2`, … in the order of DATABASE_REPLICA_URLS (no host: the name is shown to agency admins). */
  name: string;
  pool: pg.Pool;
  db: Db;
}

/** Opens a pool per replica URL (10 connections each, as the primary's request pool). */
export function openReplicas(urls: readonly string[]): Replica[] {
  return urls.map((connectionString, i) => {
    const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000, options: '-c jit=off' });
    pool.on('error', () => {});
    return { name: `replica ${i + 1}`, pool, db: drizzlePg(pool, { schema }) as unknown as Db };
  });
}

/** Where a routed read goes: the database, which one (`primary`, `replica 1`, …) and whether its answer may be kept. */
export interface ReadChoice {
  db: Db;
  source: string;
  keepable: boolean;
}

/** One replica's lag (Data health): bytes and seconds of WAL not yet replayed; null when it does not answer. */
export interface ReplicaLag {
  name: string;
  /** Replay paused (`pg_wal_replay_pause()`), or it did not answer (`unreachable`). */
  state: 'streaming' | 'paused' | 'unreachable';
  lag_bytes: number | null;
  lag_seconds: number | null;
}

export interface ReadRouterOptions {
  /** How long a read that must see a user's write waits for a replica before it reads the primary; default 200 ms. */
  waitMs?: number;
  /** How often it asks the replica meanwhile; default 10 ms. */
  pollMs?: number;
  /** Users whose last write position is remembered in this process; default 10,000. */
  users?: number;
}

/** How long a replica that did not answer is left out before it is asked again. */
const DOWN_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Chooses the database of each routed read (see the module's comment). With no replicas every read
 * is the primary's and nothing is queried.
 */
export class ReadRouter {
  private next = 0;
  /** The newest replay position seen per replica: replay only moves forward, so it is a safe lower bound. */
  private readonly replayed: Array<Lsn | null>;
  /** Until when (ms) a replica that did not answer is left out: its reads go to the primary meanwhile. */
  private readonly downUntil: number[];
  /** The primary's position after the newest change notification whose read has completed. */
  private notified: Lsn | null = null;
  /** A notification arrived whose primary position is not read yet (or a read is running for it). */
  private notePending = false;
  private noteRunning = false;
  private readonly userWrites = new Map<number, Lsn>();
  private readonly waitMs: number;
  private readonly pollMs: number;
  private readonly maxUsers: number;

  constructor(
    private readonly primary: { db: Db; pool?: pg.Pool | undefined },
    readonly replicas: readonly Replica[],
    options: ReadRouterOptions = {},
  ) {
    this.replayed = replicas.map(() => null);
    this.downUntil = replicas.map(() => 0);
    this.waitMs = options.waitMs ?? 200;
    this.pollMs = options.pollMs ?? 10;
    this.maxUsers = options.users ?? 10_000;
  }

  get enabled(): boolean {
    return this.replicas.length > 0 && this.primary.pool !== undefined;
  }

  /** The primary's current WAL position. */
  private async primaryLsn(): Promise<Lsn | null> {
    const result = await this.primary.pool!.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    return parseLsn(result.rows[0]?.lsn);
  }

  /** A replica's replay position now (and remembered); null when it does not answer. */
  private async replayLsn(index: number): Promise<Lsn | null> {
    try {
      const result = await this.replicas[index]!.pool.query<{ lsn: string | null }>(
        'SELECT pg_last_wal_replay_lsn()::text AS lsn',
      );
      const lsn = parseLsn(result.rows[0]?.lsn);
      this.replayed[index] = maxLsn(this.replayed[index]!, lsn);
      // Not a replica (no replay position): treated as one that does not answer.
      if (lsn === null) this.downUntil[index] = Date.now() + DOWN_MS;
      return lsn;
    } catch {
      // Asked again after DOWN_MS, not on every read (a connection attempt can take seconds).
      this.downUntil[index] = Date.now() + DOWN_MS;
      return null;
    }
  }

  /**
   * A committed change was notified (the response cache follows the same notifications): until the
   * primary's position after it is known, answers read from replicas are not kept.
   */
  noteChange(): void {
    if (!this.enabled) return;
    this.notePending = true;
    if (this.noteRunning) return;
    this.noteRunning = true;
    void (async () => {
      // A read started after the notification arrived is at or past the change's commit record.
      while (this.notePending) {
        this.notePending = false;
        try {
          this.notified = maxLsn(this.notified, await this.primaryLsn());
        } catch {
          // The primary did not answer: keep refusing to keep replica answers until it does.
          this.notePending = true;
          await sleep(100);
        }
      }
      this.noteRunning = false;
    })();
  }

  /**
   * Records the primary's position after a committed write of `userId`; answers it (for the
   * cookie), or null without replicas or when the primary does not answer.
   */
  async recordWrite(userId: number): Promise<Lsn | null> {
    if (!this.enabled) return null;
    let lsn: Lsn | null;
    try {
      lsn = await this.primaryLsn();
    } catch {
      return null;
    }
    if (lsn === null) return null;
    const known = this.userWrites.get(userId) ?? null;
    this.userWrites.delete(userId); // re-inserted last: the Map's order is the users' last writes
    this.userWrites.set(userId, maxLsn(known, lsn)!);
    if (this.userWrites.size > this.maxUsers) this.userWrites.delete(this.userWrites.keys().next().value!);
    return lsn;
  }

  /** The position a read of `userId` must see: the newest of this process's record and the cookie's. */
  writtenBy(userId: number | undefined, cookie: Lsn | null): Lsn | null {
    return maxLsn(userId === undefined ? null : (this.userWrites.get(userId) ?? null), cookie);
  }

  /**
   * The database of a report read that must see `mustSee` (the user's last write, or null): the
   * next replica round-robin once it has replayed that far (waiting up to `waitMs`), else the
   * primary. `keepable` says whether its answer may be kept by the response cache.
   */
  async choose(mustSee: Lsn | null): Promise<ReadChoice> {
    const primaryChoice: ReadChoice = { db: this.primary.db, source: 'primary', keepable: true };
    if (!this.enabled) return primaryChoice;
    const index = this.next;
    this.next = (this.next + 1) % this.replicas.length;
    if (this.downUntil[index]! > Date.now()) return primaryChoice;
    // Taken before the replica's position is read: a notification arriving later is the cache's
    // own business (its generation), one arrived before must be covered by `floor`.
    const floorKnown = !this.notePending && !this.noteRunning;
    const floor = this.notified;
    const covers = (lsn: Lsn | null, target: Lsn | null) => target === null || (lsn !== null && lsn >= target);

    let replay: Lsn | null = this.replayed[index]!;
    if (replay === null || !covers(replay, mustSee) || !covers(replay, floor)) replay = await this.replayLsn(index);
    if (replay === null) return primaryChoice; // unreachable: the primary answers
    const deadline = Date.now() + this.waitMs;
    while (!covers(replay, mustSee)) {
      if (Date.now() >= deadline) return primaryChoice;
      await sleep(this.pollMs);
      replay = await this.replayLsn(index);
      if (replay === null) return primaryChoice;
    }
    const replica = this.replicas[index]!;
    return { db: replica.db, source: replica.name, keepable: floorKnown && covers(replay, floor) };
  }

  /** Each replica's replay lag (Data health), measured against the primary's position now. */
  async lag(): Promise<ReplicaLag[]> {
    if (!this.enabled) return [];
    const primary = await this.primaryLsn().catch(() => null);
    return Promise.all(
      this.replicas.map(async (replica): Promise<ReplicaLag> => {
        try {
          const result = await replica.pool.query<{ lsn: string | null; seconds: number | null; paused: boolean }>(
            `SELECT pg_last_wal_replay_lsn()::text AS lsn, pg_is_wal_replay_paused() AS paused,
                    extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS seconds`,
          );
          const row = result.rows[0]!;
          const replay = parseLsn(row.lsn);
          const bytes = primary !== null && replay !== null ? Number(primary > replay ? primary - replay : 0n) : null;
          return {
            name: replica.name,
            state: row.paused ? 'paused' : 'streaming',
            lag_bytes: bytes,
            // Nothing left to replay is no lag, however long ago the last transaction was.
            lag_seconds: bytes === 0 ? 0 : row.seconds === null ? null : Math.max(0, Math.round(row.seconds * 10) / 10),
          };
        } catch {
          return { name: replica.name, state: 'unreachable', lag_bytes: null, lag_seconds: null };
        }
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.replicas.map((replica) => replica.pool.end().catch(() => undefined)));
  }
}
