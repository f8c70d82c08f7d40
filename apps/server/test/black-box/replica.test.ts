import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataHealthResponse } from '@portal/contracts';
import type { ServerProcess } from '../faults/server-process';
import { startPortal, type Portal, type PortalSession } from './portal-process';

/**
 * Issue 24 §3, reads from PostgreSQL streaming replicas (docs/scaling.md "Read replicas"): the
 * portal (the bundle of `npm start`) on a copy of the demo database with DATABASE_REPLICA_URLS
 * naming the same database on a real streaming replica of the test server (TEST_REPLICA_URL, started
 * by scripts/start-replica.sh; `.ci/run` starts one). With the replica's replay paused, a write
 * through the API is seen by its writer at once — read from the primary, in this process and,
 * with the browser's `portal_written` cookie, in another — while another user's report reads still
 * come from the replica, older, and are not kept; Data health shows the replica's lag. Once replay
 * resumes, every answer converges and answers are kept again.
 * Skipped without TEST_DATABASE_URL and TEST_REPLICA_URL (a local run without a replica).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const replicaUrl = process.env.TEST_REPLICA_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The database of `url` on the replica server. */
const onReplica = (url: string) => {
  const replica = new URL(replicaUrl!);
  replica.pathname = new URL(url).pathname;
  return replica.toString();
};

/** Runs `sql` on the replica server (its `postgres` database: replay control is server-wide). */
async function replicaQuery<Row extends pg.QueryResultRow>(sql: string): Promise<Row[]> {
  const client = new pg.Client({
    connectionString: Object.assign(new URL(replicaUrl!), { pathname: '/postgres' }).toString(),
  });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!databaseUrl || !replicaUrl)('reads from a streaming replica', () => {
  let portal: Portal;
  let sibling: ServerProcess;
  let staff: PortalSession;
  let agency: PortalSession;
  let copyUrl = '';
  beforeAll(async () => {
    portal = await startPortal({}, (url) => {
      copyUrl = url;
      return { DATABASE_REPLICA_URLS: onReplica(url) };
    });
    sibling = await portal.startSibling();
    // The copy reaches the replica with the primary's WAL: wait until it can be opened there.
    for (let i = 0; ; i += 1) {
      const client = new pg.Client({ connectionString: onReplica(copyUrl) });
      try {
        await client.connect();
        await client.end();
        break;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (i > 100) throw error;
        await sleep(100);
      }
    }
    staff = await portal.signIn('staff@demo.test');
    agency = await portal.signIn('agency@demo.test');
  }, 120_000);
  afterAll(async () => {
    // Never leave the shared replica paused.
    await replicaQuery('SELECT pg_wal_replay_resume()').catch(() => undefined);
    await sibling?.stop();
    await portal?.stop();
  });

  const summaryPath = `/api/agencies/1/dealership/101/campaigns/summary?start_date=2026-11-01&end_date=2026-11-14`;
  const bodyOf = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return JSON.stringify(await response.json());
  };
  const dataHealth = async () => {
    const response = await agency.fetch('/api/agencies/1/data-health');
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as DataHealthResponse;
  };

  it('answers report reads from the replica, other reads from the primary, and shows its lag', async () => {
    const response = await agency.fetch(summaryPath);
    await bodyOf(response);
    expect(response.headers.get('x-read-from')).toBe('replica 1');
    // Not a report read: the primary (no routing header).
    expect((await agency.fetch('/api/me')).headers.get('x-read-from')).toBeNull();
    const health = await dataHealth();
    expect(health.replicas).toHaveLength(1);
    expect(health.replicas[0]).toMatchObject({ name: 'replica 1', state: 'streaming' });
    expect(health.replicas[0]!.lag_bytes).not.toBeNull();
  });

  it('answers the report reads of every demo campaign, month over month and the agency overview from the replica', async () => {
    const tenant = '/api/agencies/1/dealership/101/campaigns';
    const list = await agency.fetch(`${tenant}?startDate=2026-10-01&endDate=2026-11-14&pageIndex=0&pageSize=100`);
    expect(list.status, await list.clone().text()).toBe(200);
    expect(list.headers.get('x-read-from')).toBe('replica 1');
    const campaigns = ((await list.json()) as { data: Array<{ client_campaign_id: number }> }).data;
    expect(campaigns.length).toBeGreaterThan(0);
    const paths = [
      ...campaigns.flatMap((campaign) => [
        `${tenant}/${campaign.client_campaign_id}?startDate=2026-10-01&endDate=2026-11-14`,
        `${tenant}/${campaign.client_campaign_id}/report?start_date=2026-10-01&end_date=2026-11-14`,
      ]),
      `${tenant}/month-over-month?dateFilter=6_month`,
      '/api/agencies/1/overview?startDate=2026-10-01&endDate=2026-11-14',
      '/api/agencies/1/overview/csv?startDate=2026-10-01&endDate=2026-11-14',
    ];
    for (const path of paths) {
      const response = await agency.fetch(path);
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
      expect(response.headers.get('x-read-from'), path).toBe('replica 1');
      await response.arrayBuffer();
    }
  }, 60_000);

  it('a writer reads its own write while the replica lags; others read the replica until it replays', async () => {
    const before = await bodyOf(await agency.fetch(summaryPath));
    await bodyOf(await staff.fetch(summaryPath));
    expect((await agency.fetch(summaryPath)).headers.get('x-response-cache')).toBe('hit');

    await replicaQuery('SELECT pg_wal_replay_pause()');
    for (let i = 0; i < 50; i += 1) {
      const [row] = await replicaQuery<{ state: string }>('SELECT pg_get_wal_replay_pause_state() AS state');
      if (row?.state === 'paused') break;
      await sleep(50);
    }

    // Through the API, as staff: a day of DYD 100001 (dealership 101) with a delivery no demo day has.
    const form = new FormData();
    form.append(
      'campaign_daily_metrics.csv',
      new Blob(['client_campaign_id,date,impressions,clicks,views,spend\n100001,2026-11-10,987654,321,0,123.45\n']),
      'campaign_daily_metrics.csv',
    );
    const ingested = await staff.fetch('/api/admin/ingest', { method: 'POST', body: form });
    expect(ingested.status, await ingested.clone().text()).toBe(200);
    const written = ingested.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('portal_written='))
      ?.split(';')[0];
    expect(written).toMatch(/^portal_written=[0-9A-F]+$/);

    // The writer: its own write, from the primary (the replica has not replayed it).
    const own = await staff.fetch(summaryPath);
    const after = await bodyOf(own);
    expect(after).not.toBe(before);
    expect(own.headers.get('x-read-from')).toBe('primary');
    // In another process, with the browser's cookie: the same.
    const elsewhere = await fetch(sibling.url + summaryPath, {
      headers: { cookie: `${staff.cookie}; ${written}` },
    });
    expect(await bodyOf(elsewhere)).toBe(after);
    expect(elsewhere.headers.get('x-read-from')).toBe('primary');

    // Another user: from the replica, the older numbers — answered, never kept.
    for (let i = 0; i < 2; i += 1) {
      const other = await agency.fetch(summaryPath);
      expect(await bodyOf(other)).toBe(before);
      expect(other.headers.get('x-read-from')).toBe('replica 1');
      expect(other.headers.get('x-response-cache')).toBe('miss');
    }

    // Data health shows the replica behind and paused.
    const paused = (await dataHealth()).replicas[0]!;
    expect(paused.state).toBe('paused');
    expect(paused.lag_bytes).toBeGreaterThan(0);

    await replicaQuery('SELECT pg_wal_replay_resume()');
    let converged = before;
    // Under CI load the replica may take seconds to replay what it held back.
    for (let i = 0; i < 300 && converged !== after; i += 1) {
      converged = await bodyOf(await agency.fetch(summaryPath));
      if (converged !== after) await sleep(100);
    }
    expect(converged).toBe(after);
    // Kept again once the replica has replayed every notified change.
    let state: string | null = null;
    for (let i = 0; i < 200 && state !== 'hit'; i += 1) {
      state = (await agency.fetch(summaryPath)).headers.get('x-response-cache');
      if (state !== 'hit') await sleep(100);
    }
    expect(state).toBe('hit');
    expect(await bodyOf(await agency.fetch(summaryPath))).toBe(after);
    const resumed = (await dataHealth()).replicas[0]!;
    expect(resumed.state).toBe('streaming');
  }, 120_000);
});
