import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type ReportServices } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { createJobQueue, type JobQueue } from '../src/jobs/queue';
import { createLocalStorage } from '../src/lib/storage/local';
import type { Storage } from '../src/lib/storage';
import type { ExportLimits } from '../src/plugins/app/export-limits';
import { TEST_NOW } from './constants';

/** The session secret of the app under test (signed file URLs are signed with it). */
export const TEST_SESSION_SECRET = 'test-secret-test-secret-test-secret-123';

export interface TestContext {
  app: App;
  database: Database;
  /** The app's local storage (a copy of the demo's), signing with TEST_SESSION_SECRET at TEST_NOW. */
  storage: Storage;
  /** The folder that storage keeps its files in (its root). */
  storageDir: string;
  /** The app's started pg-boss queue (no maintenance or cron polling; start workers with startJobWorkers). */
  jobs: JobQueue;
  close(): Promise<void>;
}

/** Runs one statement on the server's `postgres` database (CREATE/DROP DATABASE cannot run inside the target). */
async function adminQuery(databaseUrl: string, statement: string) {
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

let copies = 0;

/**
 * PostgreSQL only (TEST_DATABASE_URL): a new database made from the demo-loaded test database as its
 * TEMPLATE, for a test that runs real server processes on it; `drop()` removes it.
 */
export async function createDatabaseCopy(): Promise<{ url: string; drop(): Promise<void> }> {
  const templateUrl = process.env.TEST_DATABASE_URL;
  if (!templateUrl) throw new Error('createDatabaseCopy needs TEST_DATABASE_URL');
  const template = new URL(templateUrl);
  const copy = `${template.pathname.slice(1)}_f${process.pid}_${++copies}`;
  await adminQuery(templateUrl, `create database "${copy}" template "${template.pathname.slice(1)}"`);
  return {
    url: Object.assign(template, { pathname: `/${copy}` }).toString(),
    drop: () => adminQuery(templateUrl, `drop database if exists "${copy}" with (force)`),
  };
}

/**
 * Builds the app on its own copy of the demo database — a copied PGlite folder, or on PostgreSQL
 * (TEST_DATABASE_URL) a database created from the demo-loaded test database as its TEMPLATE — and its
 * own copy of the demo's storage folder, with the clock fixed at TEST_NOW. Every test file therefore
 * starts from the same data whatever the files before it wrote.
 */
export async function build(
  options: {
    loginRateLimit?: number;
    clock?: () => Date;
    reports?: ReportServices;
    /** As TRUST_PROXY: the app believes X-Forwarded-Proto (Secure cookies behind TLS). */
    trustProxy?: boolean;
    /** On PostgreSQL: the URL the app connects with, from its database copy's URL (a test proxy). */
    connectThrough?: (databaseUrl: string) => string;
    /** Pino options (tests that read the log); default: no logging. */
    logger?: FastifyServerOptions['logger'];
    /** PostgreSQL: use this database (a `createDatabaseCopy`) instead of a new copy; close leaves it. */
    databaseUrl?: string;
    /** Export caps and rates (plugins/app/export-limits.ts); default: the defaults with very high rates. */
    exportLimits?: Partial<ExportLimits>;
  } = {},
): Promise<TestContext> {
  const templateUrl = process.env.TEST_DATABASE_URL || undefined;
  let dataDir = '';
  let databaseUrl: string | undefined;
  let dropCopy: (() => Promise<void>) | undefined;
  if (options.databaseUrl) {
    databaseUrl = options.databaseUrl;
  } else if (templateUrl) {
    const copy = await createDatabaseCopy();
    databaseUrl = copy.url;
    dropCopy = copy.drop;
  } else {
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'portal-db-'));
    await fsp.cp(inject('pgliteTemplate'), dataDir, { recursive: true });
  }
  const database = await openDatabase({
    databaseUrl: databaseUrl && options.connectThrough ? options.connectThrough(databaseUrl) : databaseUrl,
    dataDir,
  });
  const storageDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'portal-storage-'));
  await fsp.cp(inject('storageTemplate'), storageDir, { recursive: true });
  const storage = createLocalStorage({ root: storageDir, secret: TEST_SESSION_SECRET, now: () => TEST_NOW });
  const jobs = createJobQueue(database, { background: false });
  await jobs.start();
  const app = await buildApp({
    config: {
      SESSION_TTL_HOURS: 24,
      LOGIN_RATE_LIMIT: options.loginRateLimit ?? 1000,
      TRUST_PROXY: options.trustProxy ?? false,
      sessionSecret: TEST_SESSION_SECRET,
    },
    database,
    storage,
    jobs,
    clock: options.clock ?? (() => TEST_NOW),
    ...(options.reports ? { reports: options.reports } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    webDist: path.join(os.tmpdir(), 'no-web-build'),
    // Route walks (tenancy, CSRF, fuzzing) send many exports per session; the per-session export
    // rates are tested on their own (test/black-box/export-caps.test.ts).
    exports: { limits: { downloadsPerMinute: 100_000, reportJobsPerMinute: 100_000, ...options.exportLimits } },
  });
  await app.ready();
  return {
    app,
    database,
    storage,
    storageDir,
    jobs,
    async close() {
      await jobs.stop({ graceful: false, wait: true, close: true });
      await app.close();
      await database.close();
      if (dataDir) await fsp.rm(dataDir, { recursive: true, force: true });
      await dropCopy?.();
      await fsp.rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** CSRF token of each session cookie `login` made, as the sign-in answer gave it. */
const csrfTokens = new Map<string, string>();

/** Signs in and returns the Cookie header value of the session. */
export async function login(app: App, email: string, password = 'demo1234'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
  const cookie = `portal_session=${response.cookies.find((c) => c.name === 'portal_session')!.value}`;
  const token = (response.json() as { csrf_token?: string }).csrf_token;
  if (token) csrfTokens.set(cookie, token);
  return cookie;
}

/**
 * Headers of a signed-in request: the session cookie of `login` and the CSRF token the sign-in
 * answer gave for it (every state-changing route requires it, docs/security.md).
 */
export function authHeaders(cookie: string): Record<string, string> {
  const token = csrfTokens.get(cookie);
  return token ? { cookie, 'x-csrf-token': token } : { cookie };
}

/** Rows of one of the ingestion files the demo was loaded from, as strings (the ground truth). */
export function readDemoFile(entity: string): Array<Record<string, string>> {
  const file = path.join(inject('demoFilesDir'), `${entity}.csv`);
  if (!fs.existsSync(file)) return [];
  return parse(fs.readFileSync(file), { columns: true, skip_empty_lines: true, bom: true }) as Array<
    Record<string, string>
  >;
}

/** Writes ingestion files into a fresh temporary folder and returns its path. */
export async function writeFiles(files: Record<string, string>): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'portal-ingest-'));
  for (const [name, content] of Object.entries(files)) await fsp.writeFile(path.join(dir, name), content);
  return dir;
}
