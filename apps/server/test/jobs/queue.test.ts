import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorkers, type JobDefinition } from '../../src/jobs/workers';
import { build, type TestContext } from '../helper';

/** Polls until `check` holds or 20 s pass. */
async function waitFor(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

describe('job queue (pg-boss on the portal database)', () => {
  let ctx: TestContext;
  const ran: string[] = [];
  const attempts = new Map<string, number>();
  const definitions: JobDefinition<{ label: string; failTimes: number }>[] = [
    {
      name: 'test-echo',
      queue: { retryLimit: 2, retryDelay: 0, retryBackoff: false },
      async handler(_app, data, job) {
        const seen = (attempts.get(data.label) ?? 0) + 1;
        attempts.set(data.label, seen);
        expect(job.retryCount).toBe(seen - 1);
        if (seen <= data.failTimes) throw new Error(`attempt ${seen} of ${data.label} fails`);
        ran.push(data.label);
      },
    },
  ];

  beforeAll(async () => {
    ctx = await build();
    await startJobWorkers(ctx.app, { work: true, definitions: definitions as JobDefinition[] });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('runs a job once, retries a failing one and keeps the reason of a job that never succeeds', async () => {
    const ok = await ctx.jobs.send('test-echo', { label: 'ok', failTimes: 0 });
    const flaky = await ctx.jobs.send('test-echo', { label: 'flaky', failTimes: 1 });
    const broken = await ctx.jobs.send('test-echo', { label: 'broken', failTimes: 99 });
    await waitFor(async () => (await ctx.jobs.getJobById('test-echo', broken!))?.state === 'failed');
    await waitFor(async () => (await ctx.jobs.getJobById('test-echo', flaky!))?.state === 'completed');

    expect((await ctx.jobs.getJobById('test-echo', ok!))?.state).toBe('completed');
    expect(ran.sort()).toEqual(['flaky', 'ok']);
    expect(attempts.get('flaky')).toBe(2);
    // retryLimit 2: the first attempt and two retries.
    expect(attempts.get('broken')).toBe(3);
    const failed = await ctx.jobs.getJobById('test-echo', broken!);
    expect(JSON.stringify(failed?.output)).toContain('attempt 3 of broken fails');
  });

  it("a 'short' queue admits one waiting job per singleton key", async () => {
    await ctx.jobs.createQueue('test-short', { name: 'test-short', policy: 'short' });
    const first = await ctx.jobs.send('test-short', { label: 'a' }, { singletonKey: 'k', startAfter: 60 });
    const second = await ctx.jobs.send('test-short', { label: 'a' }, { singletonKey: 'k', startAfter: 60 });
    const other = await ctx.jobs.send('test-short', { label: 'b' }, { singletonKey: 'other', startAfter: 60 });
    // send answers the new job's id, or null when the queue's policy refuses the job.
    expect(first).toEqual(expect.any(String));
    expect(other).toEqual(expect.any(String));
    expect(other).not.toBe(first);
    expect(second).toBeNull();
  });
});
