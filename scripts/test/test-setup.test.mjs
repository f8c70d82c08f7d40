import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHROMIUM,
  findOnPath,
  installCommand,
  installPackages,
  missingTools,
  planTools,
  printableUrl,
  serverUrl,
  throwAwayName,
} from '../lib/test-setup.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `node scripts/test.mjs …args` with `env` on top of this environment; resolves with status and output. */
function npmTest(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/test.mjs', ...args], {
      cwd: root,
      env: { ...process.env, TEST_DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** A folder holding only node, npm and npx: a PATH on which pdftotext (and apt-get) is missing. */
function pathWithoutTools() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-path-'));
  for (const tool of ['node', 'npm', 'npx']) {
    const found = findOnPath(tool);
    if (found) fs.symlinkSync(found, path.join(dir, tool));
  }
  return dir;
}

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('what npm test sets up (issue 26)', () => {
  const present = () => true;
  const absent = () => false;
  const nowhere = () => null;

  it('looks for Chromium at CHROMIUM_PATH or /usr/bin/chromium and pdftotext on PATH, only for the steps that need them', () => {
    expect(
      missingTools(['chromium', 'pdftotext'], { env: {}, executable: present, onPath: () => '/usr/bin/x' }),
    ).toEqual([]);
    expect(missingTools(['chromium', 'pdftotext'], { env: {}, executable: absent, onPath: nowhere })).toEqual([
      { tool: 'chromium', where: DEFAULT_CHROMIUM, installable: true },
      { tool: 'pdftotext', where: 'PATH', installable: true },
    ]);
    expect(
      missingTools(['chromium'], { env: { CHROMIUM_PATH: '/opt/c' }, executable: absent, onPath: nowhere }),
    ).toEqual([{ tool: 'chromium', where: '/opt/c', installable: false }]);
    expect(missingTools([], { env: {}, executable: absent, onPath: nowhere })).toEqual([]);
  });

  it('installs from apt as root or with passwordless sudo, and otherwise stops with the command to run', () => {
    const missing = [
      { tool: 'chromium', where: DEFAULT_CHROMIUM, installable: true },
      { tool: 'pdftotext', where: 'PATH', installable: true },
    ];
    expect(planTools([], { root: false, sudo: false, apt: true, installAllowed: true })).toEqual({ action: 'none' });
    expect(planTools(missing, { root: true, sudo: false, apt: true, installAllowed: true })).toEqual({
      action: 'install',
      packages: ['chromium', 'poppler-utils'],
      sudo: false,
    });
    expect(planTools(missing, { root: false, sudo: true, apt: true, installAllowed: true })).toMatchObject({
      action: 'install',
      sudo: true,
    });
    expect(installCommand(['chromium', 'poppler-utils'], { sudo: false })).toBe(
      'apt-get update -qq && apt-get install -y -qq chromium poppler-utils',
    );
    expect(installCommand(['poppler-utils'], { sudo: true })).toBe(
      'sudo -n apt-get update -qq && sudo -n apt-get install -y -qq poppler-utils',
    );
    const stop = planTools(missing, { root: false, sudo: false, apt: true, installAllowed: true });
    expect(stop.action).toBe('stop');
    expect(stop.message).toContain('sudo apt-get install -y chromium poppler-utils');
    expect(stop.message).toContain('not root, no passwordless sudo');
    const forbidden = planTools(missing, { root: true, sudo: false, apt: true, installAllowed: false });
    expect(forbidden).toMatchObject({ action: 'stop' });
    expect(forbidden.message).toContain('TEST_INSTALL=0');
    expect(planTools(missing, { root: true, sudo: false, apt: false, installAllowed: true }).message).toContain(
      'no apt-get',
    );
    const wrongPath = planTools([{ tool: 'chromium', where: '/opt/c', installable: false }], {
      root: true,
      sudo: false,
      apt: true,
      installAllowed: true,
    });
    expect(wrongPath.action).toBe('stop');
    expect(wrongPath.message).toContain('CHROMIUM_PATH=/opt/c is not an executable');
  });

  it('runs apt-get update, then apt-get install -y of the missing packages, non-interactively', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-apt-'));
    const log = path.join(dir, 'calls');
    const aptGet = path.join(dir, 'apt-get');
    fs.writeFileSync(aptGet, `#!/bin/sh\necho "$DEBIAN_FRONTEND $*" >> ${log}\n`, { mode: 0o755 });
    expect(installPackages({ action: 'install', packages: ['chromium', 'poppler-utils'], sudo: false }, aptGet)).toBe(
      true,
    );
    expect(fs.readFileSync(log, 'utf8')).toBe(
      'noninteractive -o DPkg::Lock::Timeout=300 update -qq\n' +
        'noninteractive -o DPkg::Lock::Timeout=300 install -y -qq chromium poppler-utils\n',
    );
    fs.writeFileSync(aptGet, '#!/bin/sh\nexit 100\n', { mode: 0o755 });
    expect(installPackages({ action: 'install', packages: ['chromium'], sudo: false }, aptGet)).toBe(false);
  });

  it('names a throw-away database per run and prints URLs without their password', () => {
    expect(throwAwayName(1_700_000_000_999, 4242)).toBe('portal_test_1700000000_4242');
    const url = serverUrl({ host: '127.0.0.1', port: 5432, user: 'postgres', password: 's3cret' }, 'portal_test_1_2');
    expect(url).toBe('postgres://postgres:s3cret@127.0.0.1:5432/portal_test_1_2');
    expect(printableUrl(url)).toBe('postgres://postgres@127.0.0.1:5432/portal_test_1_2');
  });

  it('stops before the first step with one message when Chromium is missing and cannot be installed', async () => {
    const result = await npmTest([], { TEST_ONLY: 'browser', CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('✗ npm test needs Chromium (/nonexistent/chromium');
    expect(result.stderr).toContain('CHROMIUM_PATH=/nonexistent/chromium is not an executable');
    expect(result.stdout).not.toContain('===');
  });

  it('stops before the first step with the apt command when pdftotext is missing and installing is forbidden', async () => {
    const result = await npmTest([], {
      TEST_ONLY: 'server tests (PGlite)',
      TEST_INSTALL: '0',
      PATH: pathWithoutTools(),
      PGPORT: String(await closedPort()),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm test needs pdftotext');
    expect(result.stderr).toContain('sudo apt-get install -y poppler-utils');
    expect(result.stdout).not.toContain('===');
  });

  it('says in one line that the PostgreSQL steps are skipped when no TEST_DATABASE_URL is set and nothing answers', async () => {
    const port = await closedPort();
    const result = await npmTest(['--dry-run'], {
      TEST_ONLY: 'server tests (PostgreSQL),benchmark',
      PGPORT: String(port),
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      `PostgreSQL suites: skipped (server tests (PostgreSQL), benchmark (small scale)): TEST_DATABASE_URL is unset and nothing answers on 127.0.0.1:${port}.`,
    );
    expect(result.stdout).toContain('would run: nothing');
  });

  it('names the PostgreSQL of TEST_DATABASE_URL without its password, and says when no PostgreSQL step is selected', async () => {
    const given = await npmTest(['--dry-run'], {
      TEST_ONLY: 'server tests (PostgreSQL)',
      TEST_DATABASE_URL: 'postgres://ci:hunter22@db.test:5432/portal_ci',
    });
    expect(given.stdout).toContain('PostgreSQL suites: on TEST_DATABASE_URL (postgres://ci@db.test:5432/portal_ci).');
    expect(given.stdout + given.stderr).not.toContain('hunter22');
    const none = await npmTest(['--dry-run'], { TEST_ONLY: 'lint' });
    expect(none.stdout).toContain('PostgreSQL suites: not selected (TEST_ONLY=lint).');
    expect(none.stdout).toContain('would run: lint');
  });
});
