import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build, login, readDemoFile, type TestContext, authHeaders } from '../helper';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await build();
  cookie = await login(t.app, 'agency@demo.test');
});
afterAll(() => t.close());

const summary = '/api/agencies/1/dealership/101/campaigns/summary';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...authHeaders(cookie), ...headers } });

describe('ETag revalidation of API reads (docs/performance.md)', () => {
  it('answers 304 without a body while the numbers are unchanged, and 200 with a new ETag once they change', async () => {
    const first = await get(summary);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toContain('cookie');

    const again = await get(summary, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(summary, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    // One more click on an active campaign of dealership 101 on a day of this month.
    const campaign = readDemoFile('campaigns').find(
      (c) => c.dealership_id === '101' && c.campaign_status === 'active',
    )!;
    await t.database.db.execute(
      sql`update campaign_daily_metrics set clicks = clicks + 1 where campaign_id = ${Number(campaign.client_campaign_id)} and date = '2026-11-10'`,
    );
    const changed = await get(summary, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().clicks).toBe(first.json().clicks + 1);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('leaves errors, writes and downloads that set their own caching alone', async () => {
    const missing = await get('/api/agencies/1/dealership/999999/campaigns/summary');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const anonymous = await t.app.inject({ method: 'GET', url: summary });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers.etag).toBeUndefined();
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(logout.headers.etag).toBeUndefined();
  });
});
