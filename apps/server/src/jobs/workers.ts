import type { App } from '../types';
import { reportJobDefinitions } from './report-jobs';
import { selfServiceJobs } from '../self-service/sync-job';
import type { JobDefinition } from './job-definition';
import { auditRetentionJob } from './audit-retention';
import { alertEvaluationJob } from './alert-evaluation';
import { alertDigestJob, alertWebhookJob } from './alert-notifications';

// JobDefinition lives in its own module so the job kinds can name it without an import cycle.
export type { JobDefinition } from './job-definition';

/** Every job kind the portal runs. Features add theirs here. */
export const jobDefinitions: JobDefinition[] = [
  ...reportJobDefinitions,
  ...selfServiceJobs,
  auditRetentionJob,
  alertEvaluationJob,
  alertWebhookJob as JobDefinition,
  alertDigestJob,
];

const defaultQueue = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 };

/** The deployment's timing of every queue (JOB_EXPIRE_SECONDS, JOB_RETRY_DELAY_SECONDS), seconds. */
export interface QueueTiming {
  /** A job active this long is taken to have lost its worker and is retried. */
  expireInSeconds: number;
  /** First retry delay (doubles with each retry). */
  retryDelay: number;
}

/**
 * Runs `write` again (up to 5 times, after a short random pause) when PostgreSQL ends it as one side
 * of a deadlock (40P01): several processes starting at once (a cluster, WEB_CONCURRENCY) create the
 * same pg-boss queues, whose partitions lock each other; the retry finds the queue made.
 */
async function retryOnDeadlock<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if ((error as { code?: unknown }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 100 * attempt));
    }
  }
}

/**
 * Creates the queues of `definitions` and sets their options (a queue created by an earlier version
 * or configuration gets the current ones; the timing, when given, overrides every definition's), and,
 * when `work` is true, starts a worker per queue in this process. Every server process runs workers;
 * pg-boss hands each job to one of them. A job keeps the expiry and retry options of its queue at the
 * time it was sent.
 */
export async function startJobWorkers(
  app: App,
  options: { work: boolean; definitions?: JobDefinition[]; timing?: QueueTiming },
) {
  const definitions = options.definitions ?? jobDefinitions;
  for (const definition of definitions) {
    const queue = { name: definition.name, ...defaultQueue, ...definition.queue, ...options.timing };
    await retryOnDeadlock(() => app.jobs.createQueue(definition.name, queue));
    await retryOnDeadlock(() => app.jobs.updateQueue(definition.name, queue));
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
