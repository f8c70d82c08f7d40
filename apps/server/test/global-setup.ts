import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { loadDemo } from '../src/demo/load-demo';
import { createJobQueue, JOB_SCHEMA } from '../src/jobs/queue';
import { createLocalStorage } from '../src/lib/storage/local';
import { TEST_TODAY } from './constants';
import { buildServer } from '../scripts/build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of the ingestion files the demo was loaded from (to compute expected numbers). */
    demoFilesDir: string;
    /** A migrated PGlite data folder with the demo loaded; each test file copies it. Empty on PostgreSQL. */
    pgliteTemplate: string;
    /** The storage folder the demo loader filled (call recordings); each test file copies it. */
    storageTemplate: string;
    /** The compiled server (`dist/test-<pid>/server.js`, built once per run) that black-box tests start. */
    serverBundle: string;
  }
}

/**
 * Once per run: a database with the demo agency loaded for TEST_TODAY. On PGlite a template data
 * folder (copied per test file, ~1 s instead of ~6 s to initialise); on PostgreSQL
 * (TEST_DATABASE_URL) the schema of that database is recreated and loaded once.
 */
export default async function setup(project: TestProject) {
  // The server that black-box tests start as a process is the compiled one of `npm start`, built
  // here into a folder of this run's own (two runs side by side do not overwrite each other's).
  const bundleDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', `test-${process.pid}`);
  const { server: serverBundle } = await buildServer({ outdir: bundleDir });
  project.provide('serverBundle', serverBundle);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const database = await openDatabase({ databaseUrl, dataDir: path.join(work, 'template') });
  if (database.pool) {
    await database.pool.query(
      `drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists ${JOB_SCHEMA} cascade; create schema public;`,
    );
  }
  await database.migrate();
  // pg-boss creates its schema on first start; do it once here so each test file's start is quick.
  const jobs = createJobQueue(database, { background: false });
  await jobs.start();
  await jobs.stop({ graceful: false, wait: true, close: true });
  const storageTemplate = path.join(work, 'storage');
  const storage = createLocalStorage({ root: storageTemplate, secret: 'unused-in-setup' });
  const { dir } = await loadDemo(database.db, { today: TEST_TODAY, password: 'demo1234', keepFiles: true, storage });
  await database.close();
  await fs.mkdir(storageTemplate, { recursive: true });
  project.provide('demoFilesDir', dir);
  project.provide('storageTemplate', storageTemplate);
  project.provide('pgliteTemplate', databaseUrl ? '' : path.join(work, 'template'));
  return async () => {
    await fs.rm(work, { recursive: true, force: true });
    await fs.rm(bundleDir, { recursive: true, force: true });
    await fs.rm(dir, { recursive: true, force: true });
  };
}
