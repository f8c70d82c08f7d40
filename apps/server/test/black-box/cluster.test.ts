import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal, type PortalSession } from './portal-process';

/**
 * `WEB_CONCURRENCY=2 npm start` (issue 24 §3, docs/scaling.md): the primary forks two API workers
 * that share the port. Over plain HTTP: both answer; after a write, no request — whichever worker
 * takes it — gets the old kept answer; a worker killed with SIGKILL is replaced and the port keeps
 * answering. PostgreSQL only: the embedded PGlite belongs to one process (the configuration refuses
 * WEB_CONCURRENCY above 1 without DATABASE_URL).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

/** Process ids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid ? [Number(name)] : [];
      } catch {
        return [];
      }
    });
}

describe.skipIf(!databaseUrl)('WEB_CONCURRENCY=2: a cluster of API workers on one port', () => {
  let portal: Portal;
  let staff: PortalSession;
  beforeAll(async () => {
    portal = await startPortal({ WEB_CONCURRENCY: '2' });
    staff = await portal.signIn('staff@demo.test');
  }, 120_000);
  afterAll(async () => {
    await portal?.stop();
  });

  const summary = '/api/agencies/1/dealership/101/campaigns/summary?start_date=2026-11-01&end_date=2026-11-14';
  const readAll = async (times: number) => {
    const bodies: string[] = [];
    for (let i = 0; i < times; i += 1) {
      const response = await staff.fetch(summary);
      expect(response.status).toBe(200);
      bodies.push(await response.text());
    }
    return bodies;
  };

  it('serves from two workers, empties both after a write, and replaces a killed worker', async () => {
    const primary = portal.process.child.pid!;
    await expect.poll(() => childrenOf(primary).length, { timeout: 30_000 }).toBe(2);
    // Worker 1 prints the block for both; the other may answer /api/health (and the sign-in) first.
    await expect.poll(() => portal.output().match(/Campaign portal ready/g)?.length ?? 0, { timeout: 30_000 }).toBe(1);
    expect(portal.output()).toContain('Workers:  2 API processes on this port (WEB_CONCURRENCY)');

    // Both workers keep the answer (round-robin hands consecutive connections to each).
    const before = await readAll(6);
    expect(new Set(before).size).toBe(1);

    const form = new FormData();
    form.append(
      'campaign_daily_metrics.csv',
      new Blob(['client_campaign_id,date,impressions,clicks,views,spend\n100001,2026-11-10,876543,210,0,98.76\n']),
      'campaign_daily_metrics.csv',
    );
    const ingested = await staff.fetch('/api/admin/ingest', { method: 'POST', body: form });
    expect(ingested.status, await ingested.clone().text()).toBe(200);
    // The NOTIFY reaches both workers right after the commit: once one answers anew, none answers old.
    await expect.poll(async () => (await readAll(1))[0] !== before[0], { timeout: 10_000, interval: 100 }).toBe(true);
    const after = await readAll(6);
    expect(new Set(after).size).toBe(1);
    expect(after[0]).not.toBe(before[0]);

    // A worker dies: the primary starts another; the port keeps answering.
    const [victim] = childrenOf(primary);
    process.kill(victim!, 'SIGKILL');
    await expect.poll(() => childrenOf(primary).filter((pid) => pid !== victim).length, { timeout: 30_000 }).toBe(2);
    await expect.poll(async () => (await staff.fetch('/api/health')).status, { timeout: 30_000 }).toBe(200);
    expect(new Set(await readAll(4))).toEqual(new Set([after[0]]));
  }, 120_000);
});
