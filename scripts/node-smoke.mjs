#!/usr/bin/env node
// The supported Node versions, proven (issue 19 §5): runs the compiled server (apps/server/dist,
// `npm run build -w apps/server`) on this Node and on each Node of NODE_SMOKE_VERSIONS (default
// "22,24": the exact releases of SMOKE_NODES, installed from the npm registry's `node` package into a
// cache folder once), one after the other on one DATA_DIR: the first start loads the demo agency,
// the later ones reopen that database. On each it waits for the start-up block, signs in as the demo
// dealership user, reads the month-over-month report and the campaigns summary and downloads the
// month-over-month PDF (the export worker thread, dist/render-tasks.js); the JSON answers must be the
// same on every Node as on this one (whose numbers the server tests check). With `--unit` it also
// runs the fast unit tests (vitest project `fast`) on each of those Nodes.
//
// Environment: NODE_SMOKE_VERSIONS ("22,24", or "" for this Node only), NODE_SMOKE_CACHE (default
// ~/.cache/campaign-portal/node). Exit 0 when every check passed; 1 with what differed otherwise.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The release of each major that the smoke installs (the `node` package of the npm registry). */
const SMOKE_NODES = { 22: '22.23.3', 24: '24.21.0' };
const majors = (process.env.NODE_SMOKE_VERSIONS ?? '22,24')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const cacheDir = process.env.NODE_SMOKE_CACHE || path.join(os.homedir(), '.cache', 'campaign-portal', 'node');
const withUnit = process.argv.includes('--unit');
const bundle = path.join(root, 'apps/server/dist/server.js');

/** Path of the `node` binary of release `version`, installed into the cache folder when missing. */
function nodeBinary(version) {
  const prefix = path.join(cacheDir, version);
  const binary = path.join(prefix, 'node_modules', 'node', 'bin', 'node');
  const works = () => spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim() === `v${version}`;
  if (fs.existsSync(binary) && works()) return binary;
  console.info(`Installing Node ${version} into ${prefix} (npm's node package)…`);
  fs.mkdirSync(prefix, { recursive: true });
  const install = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--foreground-scripts', `node@${version}`],
    { stdio: 'inherit' },
  );
  if (install.status !== 0 || !works()) throw new Error(`installing node@${version} into ${prefix} failed`);
  return binary;
}

/** A free TCP port on 127.0.0.1. */
async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the compiled server on `node`; resolves when /api/health answers (first start: demo load). */
async function startServer(node, dataDir) {
  const port = await freePort();
  const child = spawn(node, ['--enable-source-maps', bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      SESSION_SECRET: 'node-smoke-session-secret-node-smoke',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within 300 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { url, output: () => output, stop };
}

/** Signs in as the demo dealership user and reads the answers compared across Nodes. */
async function readReports(url) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'dealer@demo.test', password: 'demo1234' }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('portal_session='))
    ?.split(';')[0];
  const user = await login.json();
  const base = `${url}/api/agencies/${user.organization_id}/dealership/${user.dealership_ids[0]}/campaigns`;
  const get = async (suffix) => {
    const response = await fetch(`${base}${suffix}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`GET ${suffix} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const monthOverMonth = await (await get('/month-over-month?dateFilter=6_month')).json();
  const summary = await (await get('/summary')).json();
  const pdf = await get('/month-over-month.pdf?dateFilter=6_month');
  const bytes = Buffer.from(await pdf.arrayBuffer());
  if (pdf.headers.get('content-type') !== 'application/pdf' || bytes.subarray(0, 5).toString() !== '%PDF-')
    throw new Error(`the PDF export answered ${pdf.headers.get('content-type')}, ${bytes.length} bytes`);
  return { monthOverMonth, summary, pdfBytes: bytes.length };
}

const runtimes = [
  { label: `Node ${process.versions.node} (this one)`, node: process.execPath },
  ...majors.map((major) => {
    const version = SMOKE_NODES[major];
    if (!version) throw new Error(`NODE_SMOKE_VERSIONS names ${major}; known: ${Object.keys(SMOKE_NODES).join(', ')}`);
    return { label: `Node ${version}`, node: nodeBinary(version) };
  }),
];

if (!fs.existsSync(bundle)) {
  console.error(`${path.relative(root, bundle)} is missing: run npm run build -w apps/server first.`);
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-node-smoke-'));
let reference = null;
let failures = 0;
try {
  for (const { label, node } of runtimes) {
    const started = Date.now();
    const server = await startServer(node, dataDir);
    try {
      if (!server.output().includes('Campaign portal ready'))
        throw new Error(`no start-up block was printed:\n${server.output()}`);
      const answers = await readReports(server.url);
      const months = answers.monthOverMonth;
      if (reference === null) reference = answers;
      else if (!isDeepStrictEqual(answers.monthOverMonth, reference.monthOverMonth))
        throw new Error('the month-over-month report differs from the one of the first Node');
      else if (!isDeepStrictEqual(answers.summary, reference.summary))
        throw new Error('the campaigns summary differs from the one of the first Node');
      console.info(
        `✓ ${label}: compiled server started, reports read (${JSON.stringify(months).length} bytes of ` +
          `month over month, same as the first Node), PDF ${answers.pdfBytes} bytes (${Date.now() - started} ms)`,
      );
    } catch (error) {
      failures += 1;
      console.error(`✗ ${label}: ${error.message}`);
    } finally {
      await server.stop();
    }
    if (withUnit && node !== process.execPath) {
      const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
      const unit = spawnSync(node, [vitest, 'run', '--project', 'fast'], { stdio: 'inherit', cwd: root });
      if (unit.status !== 0) {
        failures += 1;
        console.error(`✗ ${label}: the fast unit tests failed`);
      } else console.info(`✓ ${label}: fast unit tests`);
    }
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.info(`Node versions: ${runtimes.length - failures} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
