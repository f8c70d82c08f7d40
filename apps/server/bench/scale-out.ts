import pg from 'pg';
import { runLoad, type LoadFigures } from './load';
import { startPortal, type RunningProcess } from './server-process';

/**
 * Issue 24 §3 figures (docs/scaling.md, docs/performance.md): the computed read endpoints
 * (response cache off: every answer read from the database) loaded against the portal in three
 * set-ups, one after another on the same database —
 *   1. one process, primary only (the reference);
 *   2. one process with BENCH_REPLICA_URL as its replica (DATABASE_REPLICA_URLS): report reads from
 *      the replica — skipped when BENCH_REPLICA_URL is unset;
 *   3. WEB_CONCURRENCY=2, primary only.
 * Prints each set-up's throughput over the reference's. BENCH_REPLICA_URL names the bench database
 * on a streaming replica of BENCH_DATABASE_URL's server (`.ci/run` starts one: scripts/start-replica.sh).
 */
export interface ScaleOutEndpoint {
  name: string;
  path: string;
}

export interface ScaleOutOptions {
  databaseUrl: string;
  replicaUrl: string | undefined;
  port: number;
  connections: number;
  durationSeconds: number;
  endpoints: ScaleOutEndpoint[];
  /** Signs in on a running portal; answers the session cookie header. */
  signIn(portal: RunningProcess): Promise<string>;
}

export interface ScaleOutRow {
  setup: string;
  /** Sum over the endpoints of requests per second. */
  requestsPerSecond: number;
  /** Worst p95 over the endpoints, ms. */
  p95: number;
  errors: number;
  /** Throughput over the primary-only single process. */
  ratio: number;
  /** Where the probe request of each endpoint was read (`x-read-from`), when routed. */
  readFrom: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the replica has replayed everything the primary had written when called (at most 60 s). */
async function waitForReplica(databaseUrl: string, replicaUrl: string) {
  const primary = new pg.Client({ connectionString: databaseUrl });
  await primary.connect();
  const target = (await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
  await primary.end();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const replica = new pg.Client({ connectionString: replicaUrl });
    try {
      await replica.connect();
      const caught = await replica.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [
        target,
      ]);
      if (caught.rows[0]?.done) return;
    } catch {
      // the database is not on the replica yet
    } finally {
      await replica.end().catch(() => undefined);
    }
    await sleep(200);
  }
  throw new Error('the replica did not catch up with the primary within 60 s');
}

async function measure(setup: string, env: Record<string, string>, options: ScaleOutOptions) {
  const portal = await startPortal(options.databaseUrl, options.port, { RESPONSE_CACHE_MB: '0', ...env });
  try {
    const cookie = await options.signIn(portal);
    const figures: LoadFigures[] = [];
    const readFrom: string[] = [];
    for (const endpoint of options.endpoints) {
      const url = `${portal.url}${endpoint.path}`;
      const probe = await fetch(url, { headers: { cookie } });
      if (!probe.ok) throw new Error(`${setup}, ${endpoint.name}: ${probe.status} ${await probe.text()}`);
      await probe.arrayBuffer();
      readFrom.push(probe.headers.get('x-read-from') ?? 'primary');
      figures.push(
        await runLoad(url, {
          connections: options.connections,
          duration: options.durationSeconds,
          headers: { cookie },
        }),
      );
    }
    return {
      setup,
      requestsPerSecond: figures.reduce((sum, f) => sum + f.requestsPerSecond, 0),
      p95: Math.max(...figures.map((f) => f.p95)),
      errors: figures.reduce((sum, f) => sum + f.errors + f.non2xx + f.timeouts, 0),
      readFrom,
    };
  } finally {
    await portal.stop();
  }
}

/** Runs the three set-ups (see the module's comment) and answers one row each. */
export async function measureScaleOut(options: ScaleOutOptions): Promise<ScaleOutRow[]> {
  const runs = [await measure('1 process, primary only', {}, options)];
  if (options.replicaUrl) {
    await waitForReplica(options.databaseUrl, options.replicaUrl);
    runs.push(await measure('1 process, primary + 1 replica', { DATABASE_REPLICA_URLS: options.replicaUrl }, options));
  }
  runs.push(await measure('2 processes (WEB_CONCURRENCY=2), primary only', { WEB_CONCURRENCY: '2' }, options));
  const reference = Math.max(1, runs[0]!.requestsPerSecond);
  return runs.map((run) => ({ ...run, ratio: Math.round((run.requestsPerSecond / reference) * 100) / 100 }));
}
