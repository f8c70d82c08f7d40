import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { App } from '../types';

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

/**
 * A pg-boss job id (UUID-shaped, from the SHA-256 of `key`): sending the same key twice is one job
 * (a schedule's run of a day, one alert's webhook).
 */
export function jobIdFromKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
