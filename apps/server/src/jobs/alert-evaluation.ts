import { evaluateAlerts } from '../repositories/alerts';
import type { App } from '../types';
import type { JobDefinition } from './job-definition';
import { enqueueAlertWebhooks } from './alert-notifications';

/** Evaluates the alert rules (issue 21 §3, docs/trust.md "Alerts"). */
export const ALERT_EVALUATION_QUEUE = 'alert-evaluation';

/**
 * The evaluation job: after every ingestion (upload endpoint), a minute after a self-service sync
 * (`SYNC_EVALUATION_DELAY_SECONDS`: the syncs of a minute share it), at server start
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
 * How long an evaluation asked for by a self-service sync waits, so the syncs of a refresh (every
 * live campaign, hourly) share one evaluation a minute instead of running evaluations back to back:
 * at full scale one evaluation of every agency takes about 8 s, and a refresh of 1,000 campaigns
 * kept one running for its whole length (docs/performance.md "Writers in other tenants").
 */
export const SYNC_EVALUATION_DELAY_SECONDS = 60;

/**
 * Asks for an evaluation (never throws: a lost request is covered by the 10-minute tick). At once,
 * or with `afterSeconds` no sooner than that: such a delayed request waits in a slot of its own
 * (`singletonKey` 'delayed' of the stately queue), so while one waits, later delayed requests join
 * it, and an immediate request (an upload, the server's start) is not held back by it.
 * Resolves to the job id, or null when one is already waiting in that slot.
 */
export async function requestAlertEvaluation(
  app: Pick<App, 'jobs' | 'log'>,
  options: { afterSeconds?: number } = {},
): Promise<string | null> {
  try {
    if (options.afterSeconds)
      return await app.jobs.send(
        ALERT_EVALUATION_QUEUE,
        {},
        { startAfter: options.afterSeconds, singletonKey: 'delayed' },
      );
    return await app.jobs.send(ALERT_EVALUATION_QUEUE, {});
  } catch (error) {
    app.log.warn({ error }, 'could not queue an alert evaluation');
    return null;
  }
}
