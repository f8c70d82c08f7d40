import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { formatLsn, parseLsn, ReadRouter, type Replica } from '../../src/db/read-routing';

/**
 * The choice of database for report reads (db/read-routing.ts, issue 24 §3) over stand-in pools
 * that answer WAL positions: round-robin over replicas, read-your-writes (wait for the replica's
 * replay, else the primary), and answers not kept while a notified change may not be replayed.
 * The real thing runs against a streaming replica in test/black-box/replica.test.ts.
 */
const lsn = (n: number) => formatLsn(BigInt(n));

/** A pool whose every query answers `{ lsn: position() }` (or throws when `position` throws). */
function fakePool(position: () => string | null) {
  return {
    query: async () => ({ rows: [{ lsn: position(), paused: false, seconds: 1.23 }] }),
    end: async () => undefined,
  } as unknown as pg.Pool;
}

function setUp(replicaCount = 2) {
  const state = { primary: 1000, replays: Array.from({ length: replicaCount }, () => 1000) };
  const primaryDb = { name: 'primary' } as unknown as Db;
  const replicas: Replica[] = state.replays.map((_, i) => ({
    name: `replica ${i + 1}`,
    pool: fakePool(() => lsn(state.replays[i]!)),
    db: { name: `replica ${i + 1}` } as unknown as Db,
  }));
  const router = new ReadRouter({ db: primaryDb, pool: fakePool(() => lsn(state.primary)) }, replicas, {
    waitMs: 40,
    pollMs: 5,
  });
  return { state, router };
}

describe('read routing', () => {
  it('reads and prints WAL positions as PostgreSQL does', () => {
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(formatLsn(parseLsn('16/B374D848')!)).toBe('16/B374D848');
    expect(parseLsn('nonsense')).toBeNull();
    expect(parseLsn(null)).toBeNull();
  });

  it('goes round-robin over the replicas when nothing must be waited for', async () => {
    const { router } = setUp();
    const sources = [];
    for (let i = 0; i < 4; i += 1) sources.push((await router.choose(null)).source);
    expect(sources).toEqual(['replica 1', 'replica 2', 'replica 1', 'replica 2']);
  });

  it('reads a writer’s own write from a replica once replayed, else from the primary after waiting', async () => {
    const { state, router } = setUp(1);
    state.primary = 2000;
    const written = await router.recordWrite(7);
    expect(written).toBe(2000n);
    expect(router.writtenBy(7, null)).toBe(2000n);
    expect(router.writtenBy(8, null)).toBeNull();
    expect(router.writtenBy(8, 1500n)).toBe(1500n);
    // The replica has not replayed it: after the wait, the primary.
    const started = Date.now();
    expect((await router.choose(router.writtenBy(7, null))).source).toBe('primary');
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    // Another user is not held back.
    expect((await router.choose(router.writtenBy(8, null))).source).toBe('replica 1');
    // Replayed meanwhile: the replica.
    setTimeout(() => (state.replays[0] = 2000), 10);
    expect((await router.choose(router.writtenBy(7, null))).source).toBe('replica 1');
  });

  it('does not keep answers read from a replica behind a notified change', async () => {
    const { state, router } = setUp(1);
    expect((await router.choose(null)).keepable).toBe(true);
    state.primary = 3000;
    router.noteChange();
    // The primary's position after the notification is not known yet: not kept.
    expect(await router.choose(null)).toMatchObject({ source: 'replica 1', keepable: false });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Known, not replayed: still read from the replica, not kept.
    expect(await router.choose(null)).toMatchObject({ source: 'replica 1', keepable: false });
    state.replays[0] = 3000;
    expect(await router.choose(null)).toMatchObject({ source: 'replica 1', keepable: true });
  });

  it('falls back to the primary when a replica does not answer, and says so in its lag', async () => {
    const primaryDb = {} as Db;
    const broken = fakePool(() => {
      throw new Error('connection refused');
    });
    const router = new ReadRouter({ db: primaryDb, pool: fakePool(() => lsn(5)) }, [
      { name: 'replica 1', pool: broken, db: {} as Db },
    ]);
    expect((await router.choose(null)).source).toBe('primary');
    // Left out for a while: the next read does not try it again.
    let asked = 0;
    (broken as unknown as { query: () => Promise<never> }).query = async () => {
      asked += 1;
      throw new Error('connection refused');
    };
    expect((await router.choose(null)).source).toBe('primary');
    expect(asked).toBe(0);
    expect(await router.lag()).toEqual([
      { name: 'replica 1', state: 'unreachable', lag_bytes: null, lag_seconds: null },
    ]);
  });

  it('measures lag in bytes against the primary, and none when all is replayed', async () => {
    const { state, router } = setUp(1);
    state.primary = 1500;
    expect(await router.lag()).toEqual([{ name: 'replica 1', state: 'streaming', lag_bytes: 500, lag_seconds: 1.2 }]);
    state.replays[0] = 1500;
    expect((await router.lag())[0]).toMatchObject({ lag_bytes: 0, lag_seconds: 0 });
  });

  it('routes nothing without replicas', async () => {
    const router = new ReadRouter({ db: {} as Db }, []);
    expect(router.enabled).toBe(false);
    expect((await router.choose(null)).source).toBe('primary');
    expect(await router.recordWrite(1)).toBeNull();
    expect(await router.lag()).toEqual([]);
  });
});
