#!/usr/bin/env node
// `npm start`: refuses a Node older than package.json's engines and a port that is taken (each in one
// line naming the fix), installs dependencies if missing, builds the web app if it is missing or older
// than its sources, builds the server the same way (apps/server/scripts/build.mjs: esbuild, a bundle in
// apps/server/dist), then runs that compiled JavaScript with this Node, not tsx (migrations, the
// first-start demo load and the start-up block with the URL, the demo users and where the data lives
// happen there; README "Quick start").
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOnWrongNode } from './lib/node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
exitOnWrongNode(root);

/**
 * Exits with status 1 and one line when PORT (default 3000) is taken on HOST, before a minute of
 * install and build is spent; the server says the same if the port is taken later (listenFailureMessage).
 */
async function exitWhenPortTaken() {
  const port = Number(process.env.PORT || 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) return; // the server names the wrong value
  const probe = net.createServer();
  const code = await new Promise((resolve) => {
    probe.once('error', (error) => resolve(error.code));
    probe.listen(port, process.env.HOST || '0.0.0.0', () => probe.close(() => resolve(null)));
  });
  if (code === 'EADDRINUSE') {
    console.error(
      `Port ${port} is in use: stop the other process or start with PORT=${port < 65535 ? port + 1 : 3000} npm start`,
    );
    process.exit(1);
  }
}
await exitWhenPortTaken();

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  console.info('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const webIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'];
const sourceMtime = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (!fs.existsSync(webIndex) || fs.statSync(webIndex).mtimeMs < sourceMtime) {
  console.info('Building the web app…');
  run('npm', ['run', 'build', '-w', 'apps/web']);
}

const serverBundle = path.join(root, 'apps/server/dist/server.js');
const serverSources = [
  'apps/server/src',
  'apps/server/scripts/build.mjs',
  'packages/contracts/src',
  'packages/report-charts/src',
];
const serverSourceMtime = Math.max(...serverSources.map((s) => newestMtime(path.join(root, s))));
if (!fs.existsSync(serverBundle) || fs.statSync(serverBundle).mtimeMs < serverSourceMtime) {
  console.info('Building the server…');
  run(process.execPath, ['apps/server/scripts/build.mjs']);
}

const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
