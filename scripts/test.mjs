#!/usr/bin/env node
// `npm test`: every check the project has, in order — lint, format, typecheck, documented
// scripts, unit and web component tests, server tests on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set), then browser tests against the real server. Stops at the first failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const steps = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['documented scripts', 'node', ['scripts/check-docs.mjs']],
  ['unit and web tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web']],
];
// The server suite on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL: each file runs on its
// own database copy, so the two passes run side by side (one per core) and print their output in turn.
const serverPasses = [
  ['server tests (PGlite)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  serverPasses.push([
    'server tests (PostgreSQL)',
    'npx',
    ['vitest', 'run', '--project', 'server'],
    { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
  ]);
}
steps.push({ parallel: serverPasses });
steps.push(['build web', 'npm', ['run', 'build', '-w', 'apps/web']]);
steps.push(['browser tests', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts']]);
if (process.env.TEST_DATABASE_URL) {
  // A small-scale run of the whole benchmark (docs/performance.md) so it cannot rot: it prints its
  // figures and fails only when it cannot run or the sign-in page's JavaScript exceeds its budget.
  const bench = new URL(process.env.TEST_DATABASE_URL);
  bench.pathname = `${bench.pathname}_bench`;
  steps.push([
    'benchmark (small scale)',
    'node',
    ['--import', 'tsx', 'apps/server/bench/run.ts'],
    { BENCH_SCALE: 'small', BENCH_DATABASE_URL: bench.toString(), BENCH_DROP: '1' },
  ]);
}

const only = process.env.TEST_ONLY?.split(',').map((s) => s.trim());
const selected = ([name]) => !only || only.some((o) => name.startsWith(o));

/** Runs one step with its output captured; resolves with its exit status and output. */
function runCaptured([, command, args, env]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '1', ...(env ?? {}) },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks) }));
  });
}

let passed = 0;
const fail = (name, seconds, status) => {
  console.error(`\n✗ ${name} failed after ${seconds} s`);
  console.info(`${passed} passed, 1 failed`);
  process.exit(status ?? 1);
};
for (const step of steps) {
  const started = Date.now();
  if (!Array.isArray(step)) {
    const group = step.parallel.filter(selected);
    if (group.length === 0) continue;
    console.info(`\n=== ${group.map(([name]) => name).join(' + ')} (side by side) ===`);
    const results = await Promise.all(group.map(runCaptured));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    let failed = null;
    group.forEach(([name], i) => {
      console.info(`\n--- ${name} ---`);
      process.stdout.write(results[i].output);
      if (results[i].status !== 0) failed ??= [name, results[i].status];
      else {
        console.info(`✓ ${name} (${seconds} s for the group)`);
        passed += 1;
      }
    });
    if (failed) fail(failed[0], seconds, failed[1]);
    continue;
  }
  const [name, command, args, env] = step;
  if (!selected(step)) continue;
  console.info(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...(env ?? {}) } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) fail(name, seconds, result.status);
  console.info(`✓ ${name} (${seconds} s)`);
  passed += 1;
}
console.info(`\nAll checks: ${passed} passed, 0 failed`);
