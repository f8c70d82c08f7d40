#!/usr/bin/env node
// `npm test`: every check the project has, in order — lint, format, typecheck, documented
// scripts, unit and web component tests, server tests on PGlite (and on PostgreSQL), the build, the
// compiled server and the fast unit tests on Node 22 and 24, then browser tests against the real
// server and a small-scale benchmark run. Stops at the first failure.
//
// Before the first step it sets up what the selected steps need (issue 26; README "Quick start"):
// - Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and pdftotext: installed from apt when
//   missing and this process may (root, or passwordless sudo; TEST_INSTALL=0 forbids it), else it
//   stops with one message naming the command to run;
// - PostgreSQL for the PostgreSQL steps: TEST_DATABASE_URL when set (and TEST_REPLICA_URL, a streaming
//   replica of its server, for the replica tests; docs/scaling.md); else a throw-away database
//   `portal_test_<time>_<pid>` on the local server (PGHOST/PGPORT/PGUSER, default
//   postgres@127.0.0.1:5432), dropped at the end, on failure and on a signal; else those steps are
//   skipped, and one printed line says which.
// `TEST_ONLY=lint,unit` runs the steps whose names start with one of those words; `--dry-run`
// prints what it would set up and run, and changes nothing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOnWrongNode } from './lib/node-version.mjs';
import {
  connectLocal,
  installCommand,
  installPackages,
  installRights,
  localServer,
  missingTools,
  planTools,
  printableUrl,
  serverUrl,
  throwAwayName,
} from './lib/test-setup.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
exitOnWrongNode(root);
const dryRun = process.argv.includes('--dry-run');

if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  if (dryRun) console.info('would install dependencies: npm ci');
  else {
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
    if (install.status !== 0) process.exit(install.status ?? 1);
  }
}

// Each step: name, command, arguments, extra environment, what it needs (TOOLS keys and 'postgres').
// The two server passes run side by side (each test file runs on its own database copy).
const step = (name, command, args, { env = {}, needs = [] } = {}) => ({ name, command, args, env, needs });
const steps = [
  step('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
  step('format', 'npx', ['prettier', '--check', '.']),
  step('typecheck', 'npm', ['run', 'typecheck']),
  step('documented scripts', 'node', ['scripts/check-docs.mjs']),
  step('unit and web tests', 'npx', ['vitest', 'run', '--project', 'fast', '--project', 'slow', '--project', 'web']),
  {
    parallel: [
      step('server tests (PGlite)', 'npx', ['vitest', 'run', '--project', 'server'], {
        env: { TEST_DATABASE_URL: '' },
        needs: ['pdftotext'],
      }),
      step('server tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], {
        needs: ['pdftotext', 'postgres'],
      }),
    ],
  },
  step('build web and server', 'npm', ['run', 'build']),
  // The compiled server on Node 22 and 24 (installed from the npm registry into ~/.cache once): it
  // loads the demo, answers the same reports as on this Node and exports a PDF; the fast unit tests
  // run on each too (issue 19 §5; README "Node versions").
  step('node versions (22, 24)', 'node', ['scripts/node-smoke.mjs', '--unit']),
  step('browser tests', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
    needs: ['chromium', 'pdftotext'],
  }),
  // A small-scale run of the whole benchmark (docs/performance.md) so it cannot rot: it prints its
  // figures and fails only when it cannot run or the sign-in page's JavaScript exceeds its budget.
  step('benchmark (small scale)', 'node', ['--import', 'tsx', 'apps/server/bench/run.ts'], {
    env: { BENCH_SCALE: 'small', BENCH_DROP: '1' },
    needs: ['chromium', 'postgres'],
  }),
];

const only = process.env.TEST_ONLY?.split(',').map((s) => s.trim());
const isSelected = ({ name }) => !only || only.some((o) => name.startsWith(o));
const allSteps = steps.flatMap((s) => s.parallel ?? [s]);
let selected = allSteps.filter(isSelected);

// PostgreSQL: decide before the tools (a skipped benchmark needs no Chromium), create after them.
const postgresSteps = selected.filter((s) => s.needs.includes('postgres'));
let postgres = { mode: 'none' };
if (postgresSteps.length === 0) {
  console.info(`PostgreSQL suites: not selected${only ? ` (TEST_ONLY=${process.env.TEST_ONLY})` : ''}.`);
} else if (process.env.TEST_DATABASE_URL) {
  postgres = { mode: 'given', url: process.env.TEST_DATABASE_URL };
  console.info(`PostgreSQL suites: on TEST_DATABASE_URL (${printableUrl(postgres.url)}).`);
} else {
  const server = localServer();
  let pg = null;
  try {
    pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
  } catch {
    // only with --dry-run before the first install
  }
  const connection = pg ? await connectLocal(pg, server) : { reason: 'the pg package is not installed yet' };
  if (connection.client) {
    await connection.client.end();
    postgres = { mode: 'local', pg, server };
  } else {
    console.info(
      `PostgreSQL suites: skipped (${postgresSteps.map((s) => s.name).join(', ')}): TEST_DATABASE_URL is unset and ` +
        `${connection.reason}. Set TEST_DATABASE_URL=postgres://… or start a local PostgreSQL to run them.`,
    );
    selected = selected.filter((s) => !s.needs.includes('postgres'));
  }
}

// Issue 24 §3: the replica tests (apps/server/test/black-box/replica.test.ts) and the benchmark's
// "primary + replica" figure need a streaming replica of that server (`.ci/run` starts one).
if (selected.some((s) => s.needs.includes('postgres')))
  console.info(
    process.env.TEST_REPLICA_URL
      ? `Replica tests: on TEST_REPLICA_URL (${printableUrl(process.env.TEST_REPLICA_URL)}).`
      : 'Replica tests: skipped (TEST_REPLICA_URL unset; scripts/start-replica.sh starts a replica of the local server).',
  );

const needed = [...new Set(selected.flatMap((s) => s.needs).filter((n) => n !== 'postgres'))];
const missing = missingTools(needed);
if (missing.length > 0) {
  const rights = installRights();
  const plan = planTools(missing, { ...rights, installAllowed: process.env.TEST_INSTALL !== '0' });
  if (plan.action === 'stop') {
    console.error(`\n✗ ${plan.message}`);
    process.exit(1);
  }
  console.info(
    `${dryRun ? 'would install' : 'Installing'} ${plan.packages.join(' ')}: ${installCommand(plan.packages, plan)}`,
  );
  if (!dryRun) {
    const installed = installPackages(plan, rights.apt) && missingTools(needed).length === 0;
    if (!installed) {
      console.error(
        `\n✗ Installing ${plan.packages.join(' ')} did not give ${needed.join(' and ')}; see the output above.`,
      );
      process.exit(1);
    }
  }
}

/** Runs `sql` on the local server's `postgres` database on a connection of its own. */
async function onLocalServer(sql) {
  const { client, reason } = await connectLocal(postgres.pg, postgres.server);
  if (!client) throw new Error(reason);
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Drops the throw-away database (and the benchmark's) once; called at the end, on failure and on a signal. */
let dropping = null;
function dropThrowAway() {
  if (!postgres.database) return Promise.resolve();
  dropping ??= (async () => {
    try {
      for (const name of [postgres.database, `${postgres.database}_bench`]) {
        await onLocalServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    } catch (error) {
      console.error(`Could not drop the throw-away database ${postgres.database}: ${error.message}`);
    }
  })();
  return dropping;
}

if (postgres.mode === 'local') {
  const database = throwAwayName();
  const url = serverUrl(postgres.server, database);
  if (dryRun) console.info(`PostgreSQL suites: would run on a throw-away database ${printableUrl(url)}.`);
  else {
    try {
      await onLocalServer(`CREATE DATABASE ${database}`);
      postgres = { ...postgres, database, url };
      console.info(`PostgreSQL suites: on a throw-away database ${printableUrl(url)} (dropped at the end).`);
    } catch (error) {
      console.info(
        `PostgreSQL suites: skipped: TEST_DATABASE_URL is unset and creating ${database} on ` +
          `${postgres.server.host}:${postgres.server.port} failed (${error.message}).`,
      );
      postgres = { mode: 'none' };
      selected = selected.filter((s) => !s.needs.includes('postgres'));
    }
  }
}
if (postgres.url) {
  const bench = new URL(postgres.url);
  bench.pathname = `${bench.pathname}_bench`;
  for (const s of selected) {
    if (s.name.startsWith('server tests (PostgreSQL)')) s.env.TEST_DATABASE_URL = postgres.url;
    if (s.name.startsWith('benchmark')) {
      s.env.BENCH_DATABASE_URL = bench.toString();
      // The same database on the replica, for the "primary + replica" figure (bench/scale-out.ts).
      if (process.env.TEST_REPLICA_URL && !process.env.BENCH_REPLICA_URL)
        s.env.BENCH_REPLICA_URL = Object.assign(new URL(process.env.TEST_REPLICA_URL), {
          pathname: bench.pathname,
        }).toString();
    }
  }
}

if (dryRun) {
  console.info(`would run: ${selected.map((s) => s.name).join(', ') || 'nothing'}`);
  process.exit(0);
}

const running = new Set();
/** Runs one step; resolves with its exit status and, when `capture`, its output. */
function run({ command, args, env }, { capture = false } = {}) {
  return new Promise((resolve) => {
    // Its own process group, so a signal reaches npx's grandchildren (vitest, playwright) too.
    const child = spawn(command, args, {
      detached: true,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...(capture ? { FORCE_COLOR: '1' } : {}), ...env },
    });
    running.add(child);
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status, signal) => {
      running.delete(child);
      resolve({ status: status ?? (signal ? 1 : 0), output: Buffer.concat(chunks) });
    });
  });
}

/** Sends `signal` to the process group of each running step. */
function signalSteps(signal) {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}
// On a signal: stop the running steps (SIGTERM, SIGKILL after 10 s), then drop the throw-away database.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    const exited = [...running].map((child) => new Promise((resolve) => child.once('close', resolve)));
    signalSteps('SIGTERM');
    const late = setTimeout(() => signalSteps('SIGKILL'), 10_000);
    await Promise.all(exited);
    clearTimeout(late);
    await dropThrowAway();
    process.exit(128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }[signal] ?? 0));
  });
}

let passed = 0;
async function fail(name, seconds, status) {
  if (stopping) return new Promise(() => undefined); // the signal handler ends the process
  console.error(`\n✗ ${name} failed after ${seconds} s`);
  console.info(`${passed} passed, 1 failed`);
  await dropThrowAway();
  process.exit(status || 1);
}
for (const entry of steps) {
  const started = Date.now();
  const group = (entry.parallel ?? [entry]).filter((s) => selected.includes(s));
  if (group.length === 0) continue;
  if (group.length === 1) {
    const [{ name }] = group;
    console.info(`\n=== ${name} ===`);
    const { status } = await run(group[0]);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (status !== 0) await fail(name, seconds, status);
    console.info(`✓ ${name} (${seconds} s)`);
    passed += 1;
    continue;
  }
  console.info(`\n=== ${group.map(({ name }) => name).join(' + ')} (side by side) ===`);
  const results = await Promise.all(group.map((s) => run(s, { capture: true })));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let failed = null;
  group.forEach(({ name }, i) => {
    console.info(`\n--- ${name} ---`);
    process.stdout.write(results[i].output);
    if (results[i].status !== 0) failed ??= [name, results[i].status];
    else {
      console.info(`✓ ${name} (${seconds} s for the group)`);
      passed += 1;
    }
  });
  if (failed) await fail(failed[0], seconds, failed[1]);
}
await dropThrowAway();
console.info(`\nAll checks: ${passed} passed, 0 failed`);
