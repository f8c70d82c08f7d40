import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@portal/contracts';
import { authHeaders, build, login, type TestContext } from '../helper';

/**
 * Every connection of the request pool busy (e.g. 50 clients on the agency overview of a
 * thousand rooftops; docs/reliability.md): a request that waits out the pool's connection timeout
 * answers 503 with `Retry-After` in the error shape (not 500), and the job queue, on a pool of its
 * own, still enqueues and records jobs meanwhile — a job that could not record its failure used to
 * end the process. PostgreSQL only (PGlite has no pool).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('request pool saturated', () => {
  let t: TestContext;
  let cookie: string;
  beforeAll(async () => {
    t = await build();
    cookie = await login(t.app, 'agency@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 with Retry-After while every connection is held, keeps the job queue working, then 200', async () => {
    const pool = t.database.pool!;
    const held: PoolClient[] = [];
    // Take every connection of the request pool (its `max`).
    for (let i = 0; i < pool.options.max; i++) held.push(await pool.connect());
    try {
      const overview = t.app.inject({
        method: 'GET',
        url: '/api/agencies/1/overview?startDate=2026-11-01&endDate=2026-11-14',
        headers: authHeaders(cookie),
      });
      await t.jobs.createQueue('pool-saturation-probe');
      const jobId = await t.jobs.send('pool-saturation-probe', { at: 'saturated' });
      expect(jobId).toBeTruthy();
      const busy = await overview;
      expect(busy.statusCode, busy.body).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect(errorResponseSchema.parse(busy.json()).error.code).toBe('SERVICE_UNAVAILABLE');
      const job = await t.jobs.getJobById('pool-saturation-probe', jobId!);
      expect(job?.data).toEqual({ at: 'saturated' });
    } finally {
      for (const client of held) client.release();
    }
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/overview?startDate=2026-11-01&endDate=2026-11-14',
      headers: authHeaders(cookie),
    });
    expect(after.statusCode, after.body).toBe(200);
  }, 30_000);
});
