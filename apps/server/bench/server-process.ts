import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServer } from '../scripts/build.mjs';

export const serverDir = fileURLToPath(new URL('..', import.meta.url));

export interface RunningProcess {
  url: string;
  child: ChildProcess;
  /** Resident memory of the process now, bytes (Linux /proc). */
  rss(): number;
  stop(): Promise<void>;
}

/** Waits until GET `url` answers 200, or throws after `timeoutMs`. */
export async function waitUntilUp(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

function track(child: ChildProcess, url: string): RunningProcess {
  return {
    url,
    child,
    rss() {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
      } catch {
        return 0;
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/**
 * Starts the real portal server as `npm start` runs it (apps/server/src/server.ts compiled by
 * scripts/build.mjs into dist/server.js, built here first) on `databaseUrl` without the demo, and
 * waits for /api/health. `env` adds configuration (e.g. WEB_CONCURRENCY, DATABASE_REPLICA_URLS).
 */
export async function startPortal(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<RunningProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const { server } = await buildServer();
  // BENCH_SERVER_NODE_ARGS: Node flags for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', server], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOAD_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      // The export-isolation run measures the concurrency caps under a sustained export load, which
      // the per-session export rate would otherwise cut to 30 a minute.
      EXPORT_RATE_LIMIT: process.env.EXPORT_RATE_LIMIT ?? '100000',
      SESSION_SECRET: 'bench-session-secret-bench-session-secret',
      // The generated self-service campaigns have no platform connection: each refresh queues one
      // failing sync per campaign (1,000 at full scale, retried with backoff), and a run that starts
      // after an hourly refresh waited for them (waitForIdleJobs) for many minutes. Once a day instead.
      SELF_SERVICE_SYNC_EVERY_HOURS: '24',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const running = track(child, `http://127.0.0.1:${port}`);
  await waitUntilUp(`${running.url}/api/health`);
  await waitForIdleJobs(databaseUrl);
  return running;
}

/**
 * Waits until the job queue is idle: no job running and none due (pg-boss's `pgboss.job`). A server
 * that starts evaluates every campaign's alerts (8–27 s at full scale); a load measured meanwhile
 * measured that job, not the endpoint (the first endpoint of a run showed 3 s p95 where the same
 * endpoint, measured later in the run, showed 0.8 s). Gives up after `timeoutMs`.
 */
export async function waitForIdleJobs(databaseUrl: string, timeoutMs = 180_000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    let quiet = 0;
    while (Date.now() < deadline && quiet < 3) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const { rows } = await client.query<{ busy: number }>(
        `select count(*)::int as busy from pgboss.job
         where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
      );
      quiet = rows[0]!.busy === 0 ? quiet + 1 : 0;
    }
  } finally {
    await client.end();
  }
}

/** Starts the bare Fastify route (bench/bare-server.ts), the machine's ceiling for a JSON answer. */
export async function startBare(port: number): Promise<RunningProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const running = track(child, `http://127.0.0.1:${port}`);
  await waitUntilUp(`${running.url}/bare?bytes=64`);
  return running;
}
