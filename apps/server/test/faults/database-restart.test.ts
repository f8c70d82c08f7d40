import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@portal/contracts';
import { authHeaders, build, login, type TestContext } from '../helper';
import { freePort } from './server-process';

/**
 * A real PostgreSQL restart under load (issue 8, faults; docs/reliability.md). The test runs its own
 * PostgreSQL cluster (initdb in a temporary folder, as the `postgres` user when the test runs as root),
 * restores the demo database into it, and serves the API from it while ten clients request without
 * pause; it then stops the server (`pg_ctl stop -m fast`: every session terminated), keeps it down
 * for three seconds and starts it again. Every answer is 200 or 503 in the error shape, none takes
 * longer than the pool's connection timeout, and the same process answers 200 with the same numbers
 * afterwards. Needs TEST_DATABASE_URL (the demo to restore) and PostgreSQL's server binaries.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const binDir = (() => {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
})();
const asRoot = process.getuid?.() === 0;

/** A PostgreSQL cluster of this test: runs its binaries as `postgres` when the test runs as root. */
class PrivateCluster {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  port = 0;
  private run(binary: string, args: string[]) {
    const command = path.join(binDir!, binary);
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
      stdio: 'pipe',
    });
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/portal`;
  }
  async init() {
    if (asRoot) execFileSync('chown', ['postgres', this.dir]);
    this.port = await freePort();
    this.run('initdb', ['-D', path.join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    this.start();
    this.run('createdb', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', 'portal']);
  }
  start() {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.run('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-o',
      options,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      'start',
    ]);
  }
  stop() {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }
  remove() {
    try {
      this.stop();
    } catch {
      // not running
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

describe.skipIf(!databaseUrl || !binDir)('PostgreSQL restarted under load', () => {
  const cluster = new PrivateCluster();
  let t: TestContext;
  let cookie: string;
  beforeAll(async () => {
    await cluster.init();
    execSync(
      `"${binDir}/pg_dump" -Fc --no-owner "${databaseUrl}" | "${binDir}/pg_restore" --no-owner -d "${cluster.url}"`,
      { stdio: 'pipe', shell: '/bin/bash' },
    );
    t = await build({ databaseUrl: cluster.url });
    cookie = await login(t.app, 'agency@demo.test');
  });
  afterAll(async () => {
    await t?.close();
    cluster.remove();
  });

  const summary = () =>
    t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dealership/101/campaigns/summary',
      headers: authHeaders(cookie),
    });

  it('answers 503 in the error shape while PostgreSQL restarts and recovers without restarting the app', async () => {
    const before = await summary();
    expect(before.statusCode).toBe(200);

    const answers: Array<{ at: number; status: number; ms: number; code?: string }> = [];
    let running = true;
    const client = async () => {
      while (running) {
        // A real client waits on its socket between requests; `inject` of an answer kept in memory
        // (response cache) resolves in microtasks alone, which would starve the timers below.
        await setImmediate();
        const started = Date.now();
        const response = await summary();
        const answer = { at: started, status: response.statusCode, ms: Date.now() - started };
        answers.push(
          response.statusCode === 200
            ? answer
            : { ...answer, code: errorResponseSchema.parse(response.json()).error.code },
        );
      }
    };
    const load = Promise.all(Array.from({ length: 10 }, client));

    await new Promise((resolve) => setTimeout(resolve, 1000));
    const stoppedAt = Date.now();
    cluster.stop();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const startedAgainAt = Date.now();
    cluster.start();
    // Keep the load on until 200s have come back for a second.
    await expect
      .poll(() => answers.filter((a) => a.at > startedAgainAt && a.status === 200).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await load;

    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const slowest = Math.max(...answers.map((a) => a.ms));
    console.info(
      `PostgreSQL restart: ${answers.length} requests, ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}; slowest ${slowest} ms; ` +
        `first 200 ${Math.min(...answers.filter((a) => a.at > startedAgainAt && a.status === 200).map((a) => a.at + a.ms)) - startedAgainAt} ms after the start`,
    );
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    expect(answers.filter((a) => a.status === 503).every((a) => a.code === 'SERVICE_UNAVAILABLE')).toBe(true);
    // While the server was down (after the stop, before the start) nothing succeeded.
    expect(answers.filter((a) => a.at > stoppedAt + 500 && a.at + a.ms < startedAgainAt && a.status === 200)).toEqual(
      [],
    );
    // Never a hang: within the pool's 5 s connection timeout and a margin.
    expect(slowest).toBeLessThan(8000);

    const after = await summary();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before.json());
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
