#!/usr/bin/env node
// `npm test`: every check the project has, in order — lint, format, typecheck, documented
// scripts, unit and web component tests, server tests on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set), then browser tests against the real server. Stops at the first failure.
import { spawnSync } from 'node:child_process';
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
  ['server tests (PGlite)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push([
    'server tests (PostgreSQL)',
    'npx',
    ['vitest', 'run', '--project', 'server'],
    { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
  ]);
}
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
let passed = 0;
for (const [name, command, args, env] of steps) {
  if (only && !only.some((o) => name.startsWith(o))) continue;
  const started = Date.now();
  console.info(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...(env ?? {}) } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds} s`);
    console.info(`${passed} passed, 1 failed`);
    process.exit(result.status ?? 1);
  }
  console.info(`✓ ${name} (${seconds} s)`);
  passed += 1;
}
console.info(`\nAll checks: ${passed} passed, 0 failed`);
