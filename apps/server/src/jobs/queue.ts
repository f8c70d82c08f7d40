import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** The job queue (pg-boss 10) on the portal's own database: PostgreSQL or the embedded PGlite. */
export type JobQueue = PgBoss;

/** The schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = 'pgboss';

export interface JobQueueOptions {
  /**
   * Run pg-boss's maintenance and cron scheduling in this process (default true). Tests that only
   * enqueue pass false so nothing polls behind their back.
   */
  background?: boolean;
  /** How often maintenance looks for expired jobs (a worker that died), seconds; pg-boss's default 120. */
  maintenanceIntervalSeconds?: number;
}

/** Connections of the job queue's own pool on PostgreSQL (apart from the request pool). */
const JOB_POOL_SIZE = 3;

/**
 * Creates (does not start) a pg-boss queue that talks to the portal's database through its own
 * connections: on PostgreSQL a pool of its own (3 connections, the same database as the request
 * pool), so requests holding every connection of their pool never starve job bookkeeping — a job
 * that could not record its failure would otherwise reject inside pg-boss and end the process; the
 * single PGlite instance otherwise (pg-boss's `db` option; statements without parameters may hold
 * several commands, which PGlite runs with `exec`).
 * Call `start()` before `send` or `work`; it creates the `pgboss` schema on first use.
 * Jobs are rows in that schema, so they survive restarts, and pg-boss fetches with
 * `FOR UPDATE SKIP LOCKED`, so two processes never run the same job.
 */
export function createJobQueue(database: Database, options: JobQueueOptions = {}): JobQueue {
  const background = options.background ?? true;
  const connectionString = database.pool?.options.connectionString;
  const queue = new PgBoss({
    ...(connectionString ? { connectionString, max: JOB_POOL_SIZE } : { db: { executeSql: executor(database) } }),
    schema: JOB_SCHEMA,
    supervise: background,
    schedule: background,
    ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
  });
  // pg-boss re-emits its pool's errors (an idle connection lost while PostgreSQL restarts) and its
  // failed polls as 'error'; an 'error' event without a listener would end the process.
  queue.on('error', (error) => console.error('job queue:', error));
  return queue;
}

/** pg-boss's `db` on the embedded PGlite (one instance: no pool of its own is possible). */
function executor(database: Database): PgBoss.Db['executeSql'] {
  const pglite = database.pglite;
  if (!pglite) throw new Error('database has neither a pool nor PGlite');
  return async (text, values) => {
    if (values && values.length > 0) return pglite.query(text, values);
    const results = await pglite.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
}
