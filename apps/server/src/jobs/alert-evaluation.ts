import { evaluateAlerts } from '../repositories/alerts';
import type { App } from '../types';
import type { JobDefinition } from './job-definition';
import { enqueueAlertWebhooks } from './alert-notifications';

/** Evaluates the alert rules (issue 21 §3, docs/trust.md "Alerts"). */
export const ALERT_EVALUATION_QUEUE = 'alert-evaluation';

/**
 * The evaluation job: after every ingestion (upload endpoint) and self-service sync, at server start
 * and every 10 minutes (pacing and staleness move with the clock; a CLI ingestion is picked up by the
 * next tick). The queue is `stately`: at most one job waiting and one running, so a burst of syncs
 * becomes one evaluation. Exactly-once alerts do not depend on the queue: `evaluateAlerts` writes
 * each agency under an advisory lock against a partial unique index. Then the webhooks of new
 * alerts are queued (`alert-notifications.ts`).
 */
export const alertEvaluationJob: JobDefinition = {
  name: ALERT_EVALUATION_QUEUE,
  queue: { retryLimit: 3, policy: 'stately' },
  schedule: { cron: '*/10 * * * *', tz: 'UTC' },
  async handler(app) {
    const outcome = await evaluateAlerts(app.db, { now: app.clock() });
    const webhooks = await enqueueAlertWebhooks(app);
    app.log.info({ ...outcome, webhooks }, 'alerts evaluated');
  },
};

/**
 * Asks for an evaluation soon (never throws: a lost request is covered by the 10-minute tick).
 * Resolves to the job id, or null when one is already waiting.
 */
export async function requestAlertEvaluation(app: Pick<App, 'jobs' | 'log'>): Promise<string | null> {
  try {
    return await app.jobs.send(ALERT_EVALUATION_QUEUE, {});
  } catch (error) {
    app.log.warn({ error }, 'could not queue an alert evaluation');
    return null;
  }
}
