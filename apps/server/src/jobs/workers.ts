import type PgBoss from 'pg-boss';
import type { App } from '../app';
import { reportJobDefinitions } from './report-jobs';
import { selfServiceJobs } from '../self-service/sync-job';

/**
 * A background job kind: its queue name, how pg-boss retries it, and the handler that runs one job.
 * Handlers get the app (database, storage, logger, clock) and must be idempotent: pg-boss delivers
 * at least once (a job whose process died is retried after its expiry).
 */
export interface JobDefinition<T extends object = object> {
  name: string;
  /** pg-boss queue options: retries with exponential backoff by default. */
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** A cron schedule (pg-boss keeps one per queue) that sends this job with empty data. */
  schedule?: { cron: string; tz: string };
  /** Runs one job; throwing marks it for retry (after the last retry it ends `failed`). */
  handler(app: App, data: T, job: { id: string; retryCount: number; retryLimit: number }): Promise<void>;
}

/** Every job kind the portal runs. Features add theirs here. */
export const jobDefinitions: JobDefinition[] = [...reportJobDefinitions, ...selfServiceJobs];

const defaultQueue = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 };

/**
 * Creates the queues of `definitions` (idempotent) and, when `work` is true, starts a worker per
 * queue in this process. Every server process runs workers; pg-boss hands each job to one of them.
 */
export async function startJobWorkers(app: App, options: { work: boolean; definitions?: JobDefinition[] }) {
  const definitions = options.definitions ?? jobDefinitions;
  for (const definition of definitions) {
    await app.jobs.createQueue(definition.name, { name: definition.name, ...defaultQueue, ...definition.queue });
    if (!options.work) continue;
    if (definition.schedule)
      await app.jobs.schedule(definition.name, definition.schedule.cron, {}, { tz: definition.schedule.tz });
    await app.jobs.work<object>(definition.name, { includeMetadata: true }, async (jobs) => {
      for (const job of jobs) {
        app.log.info({ job: definition.name, id: job.id, retryCount: job.retryCount }, 'job started');
        await definition.handler(app, job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
      }
    });
  }
}
