// What `npm test` sets up before its first suite (issue 26): the system tools its selected steps need
// (Chromium, poppler's pdftotext), installed from apt when it may, and the PostgreSQL its PostgreSQL
// steps run on (TEST_DATABASE_URL, or a throw-away database on a local server). The decisions are
// plain functions of what was found, so scripts/test/test-setup.test.mjs can try every branch.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** The system tools a step may need, with the Debian package that provides each and what uses it. */
export const TOOLS = {
  chromium: {
    package: 'chromium',
    label: 'Chromium',
    usedBy: 'the browser tests and the benchmark',
    elsewhere: 'Chromium (and set CHROMIUM_PATH to it)',
  },
  pdftotext: {
    package: 'poppler-utils',
    label: 'pdftotext',
    usedBy: 'tests that read exported PDFs back',
    elsewhere: 'poppler (pdftotext)',
  },
};

/** Whether `file` exists and may be executed. */
export function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The full path of `name` on `searchPath` (PATH's form), or null. */
export function findOnPath(name, searchPath = process.env.PATH ?? '') {
  for (const dir of searchPath.split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/**
 * The tools of `needed` (keys of TOOLS) this machine lacks: Chromium at CHROMIUM_PATH (default
 * /usr/bin/chromium), pdftotext on PATH. Each entry says whether installing its package can fix it
 * (not when CHROMIUM_PATH names another place).
 */
export function missingTools(needed, { env = process.env, executable = isExecutable, onPath = findOnPath } = {}) {
  const missing = [];
  if (needed.includes('chromium')) {
    const chromium = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
    if (!executable(chromium)) {
      missing.push({ tool: 'chromium', where: chromium, installable: chromium === DEFAULT_CHROMIUM });
    }
  }
  if (needed.includes('pdftotext') && !onPath('pdftotext', env.PATH ?? '')) {
    missing.push({ tool: 'pdftotext', where: 'PATH', installable: true });
  }
  return missing;
}

/** The shell form of the install command installPackages runs for `packages` (through sudo when not root). */
export function installCommand(packages, { sudo }) {
  const prefix = sudo ? 'sudo -n ' : '';
  return `${prefix}apt-get update -qq && ${prefix}apt-get install -y -qq ${packages.join(' ')}`;
}

/**
 * What to do about `missing` tools: `{ action: 'none' }`; `{ action: 'install', packages, sudo }`
 * when installing from apt can fix all of it and the process may (root, or passwordless sudo, and
 * TEST_INSTALL is not 0); else `{ action: 'stop', message }`, the one message that names the command
 * a person runs.
 */
export function planTools(missing, { root, sudo, apt, installAllowed }) {
  // apt: apt-get's path (or true) when the system has it
  if (missing.length === 0) return { action: 'none' };
  const describe = missing.map(({ tool, where }) => {
    const { label, usedBy } = TOOLS[tool];
    return `${label} (${where === 'PATH' ? 'on PATH' : where}; ${usedBy})`;
  });
  const packages = missing.filter((m) => m.installable).map((m) => TOOLS[m.tool].package);
  const command = `sudo apt-get install -y ${packages.join(' ')}`;
  const wrongPath = missing.find((m) => !m.installable);
  if (wrongPath) {
    return {
      action: 'stop',
      message:
        `npm test needs ${describe.join(' and ')}. CHROMIUM_PATH=${wrongPath.where} is not an executable: ` +
        `point CHROMIUM_PATH at a Chromium, or unset it to use ${DEFAULT_CHROMIUM}` +
        (packages.length > 0 ? ` and run: ${command}` : ` (sudo apt-get install -y chromium)`),
    };
  }
  if (!apt) {
    return {
      action: 'stop',
      message:
        `npm test needs ${describe.join(' and ')}. This system has no apt-get: install ` +
        `${missing.map((m) => TOOLS[m.tool].elsewhere).join(' and ')} with its package manager, then run npm test again.`,
    };
  }
  if (installAllowed && (root || sudo)) return { action: 'install', packages, sudo: !root };
  const why = !installAllowed
    ? 'TEST_INSTALL=0 forbids installing'
    : 'it may not install them (not root, no passwordless sudo)';
  return {
    action: 'stop',
    message: `npm test needs ${describe.join(' and ')}, and ${why}. Run:\n\n    ${command}\n\nthen npm test again.`,
  };
}

/** Whether this process may install system packages (root, or sudo without a password), and apt-get's path or null. */
export function installRights() {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = !root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  const apt = findOnPath('apt-get') ?? (isExecutable('/usr/bin/apt-get') ? '/usr/bin/apt-get' : null);
  return { root, sudo, apt };
}

/** apt-get's option to wait for the dpkg lock (seconds) rather than fail while another apt run holds it. */
const APT_LOCK_WAIT = ['-o', 'DPkg::Lock::Timeout=300'];

/**
 * Runs the apt install of `plan` (from planTools) with `aptGet` (installRights' path), `apt-get update`
 * then `apt-get install -y`, non-interactive, with its output shown; returns whether both succeeded.
 * Both wait up to 5 minutes for apt's lock when another apt/dpkg run holds it (a machine's own
 * updates, or a second test run installing at the same time) instead of failing at once.
 */
export function installPackages(plan, aptGet = 'apt-get') {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const prefix = plan.sudo ? ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive'] : [];
  for (const args of [
    [aptGet, ...APT_LOCK_WAIT, 'update', '-qq'],
    [aptGet, ...APT_LOCK_WAIT, 'install', '-y', '-qq', ...plan.packages],
  ]) {
    const command = [...prefix, ...args];
    const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env });
    if (result.status !== 0) return false;
  }
  return true;
}

/** `postgres://user@host:port/db` without the password, for printing. */
export function printableUrl(databaseUrl) {
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    return url.toString();
  } catch {
    return 'TEST_DATABASE_URL';
  }
}

/** The throw-away database's name: `portal_test_<unix seconds>_<pid>` (as .ci/run's `portal_ci_…`). */
export function throwAwayName(now = Date.now(), pid = process.pid) {
  return `portal_test_${Math.floor(now / 1000)}_${pid}`;
}

/**
 * The local PostgreSQL server npm test may use when TEST_DATABASE_URL is unset: PGHOST (default
 * 127.0.0.1), PGPORT (5432), PGUSER (postgres), PGPASSWORD.
 */
export function localServer(env = process.env) {
  return {
    host: env.PGHOST || '127.0.0.1',
    port: Number(env.PGPORT || 5432),
    user: env.PGUSER || 'postgres',
    password: env.PGPASSWORD || undefined,
  };
}

/** The connection URL of `database` on `server` (localServer's shape). */
export function serverUrl(server, database) {
  const url = new URL(`postgres://${server.host.includes(':') ? `[${server.host}]` : server.host}:${server.port}/`);
  url.username = server.user;
  if (server.password) url.password = server.password;
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Opens a client on the local server's `postgres` database with `pg`, or answers why it cannot:
 * `{ client }` or `{ reason }` ("nothing answers on 127.0.0.1:5432", or the server's refusal).
 */
export async function connectLocal(pg, server) {
  const client = new pg.Client({ ...server, database: 'postgres', connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return { client };
  } catch (error) {
    await client.end().catch(() => undefined);
    const code = error?.code;
    if (code === 'ECONNREFUSED' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || /timeout/i.test(error?.message)) {
      return { reason: `nothing answers on ${server.host}:${server.port}` };
    }
    return { reason: `${server.host}:${server.port} refused user ${server.user}: ${error?.message ?? error}` };
  }
}
