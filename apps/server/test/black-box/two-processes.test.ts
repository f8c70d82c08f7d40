import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../faults/server-process';
import { startPortal, type Portal, type PortalSession } from './portal-process';

/**
 * Issue 24 §3: two stateless API processes (the bundle of `npm start`) on one PostgreSQL database
 * and DATA_DIR, over plain HTTP. A session signed in through one is valid in the other (sessions
 * live in the database); a write through one empties the kept answers it changes in the other
 * (`portal_data_changed` NOTIFY, db/change-notifications.ts) and only those — another dealership's
 * answer stays kept; a report job requested through one runs once although both run workers.
 * PostgreSQL only: the embedded PGlite belongs to one process.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!databaseUrl)('two API processes on one database', () => {
  let portal: Portal;
  let second: ServerProcess;
  let staff: PortalSession;
  beforeAll(async () => {
    portal = await startPortal();
    second = await portal.startSibling();
    staff = await portal.signIn('staff@demo.test');
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
    await portal?.stop();
  });

  /** GET through the second process with the session signed in through the first. */
  const viaSecond = (pathAndQuery: string) =>
    fetch(second.url + pathAndQuery, { headers: { cookie: staff.cookie }, redirect: 'manual' });
  const summaryPath = (dealershipId: number) =>
    `/api/agencies/1/dealership/${dealershipId}/campaigns/summary?start_date=2026-11-01&end_date=2026-11-14`;
  const impressionsOf = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return JSON.stringify(await response.json());
  };

  it('a write through one process empties the answers it changes in the other, and only those', async () => {
    const before = await impressionsOf(await viaSecond(summaryPath(101)));
    const kept = await viaSecond(summaryPath(101));
    expect(kept.headers.get('x-response-cache')).toBe('hit');
    await impressionsOf(await viaSecond(summaryPath(102)));
    expect((await viaSecond(summaryPath(102))).headers.get('x-response-cache')).toBe('hit');

    // Through the first process: a day of DYD 100001 (dealership 101) with a delivery no demo day has.
    const form = new FormData();
    form.append(
      'campaign_daily_metrics.csv',
      new Blob(['client_campaign_id,date,impressions,clicks,views,spend\n100001,2026-11-10,987654,321,0,123.45\n']),
      'campaign_daily_metrics.csv',
    );
    const ingested = await staff.fetch('/api/admin/ingest', { method: 'POST', body: form });
    expect(ingested.status, await ingested.clone().text()).toBe(200);

    // The notification reaches the second process right after the commit.
    let after = before;
    let state: string | null = 'hit';
    for (let i = 0; i < 50 && state === 'hit'; i += 1) {
      const response = await viaSecond(summaryPath(101));
      state = response.headers.get('x-response-cache');
      after = await impressionsOf(response);
      if (state === 'hit') await sleep(100);
    }
    expect(state).toBe('miss');
    expect(after).not.toBe(before);
    // Both processes now answer the same numbers, from the database.
    expect(await impressionsOf(await staff.fetch(summaryPath(101)))).toBe(after);
    // Another dealership's kept answer was not thrown away.
    expect((await viaSecond(summaryPath(102))).headers.get('x-response-cache')).toBe('hit');
  });

  it('runs a report job requested through one process once, though both run workers', async () => {
    const outbox = async () => {
      const names = await fsp.readdir(path.join(portal.dataDir, 'outbox')).catch(() => [] as string[]);
      return names.filter((name) => name.endsWith('.eml'));
    };
    const sent = await outbox();
    const rows = await staff.fetch(
      '/api/agencies/1/dealership/101/campaigns/report-rows?startDate=2000-01-01&endDate=2099-12-31',
    );
    const campaigns = ((await rows.json()) as { data: Array<{ client_campaign_id: number }> }).data
      .slice(0, 2)
      .map((row) => row.client_campaign_id);
    const requested = await staff.fetch('/api/agencies/1/dealership/101/campaigns/report-generator', {
      method: 'POST',
      json: {
        email: 'dealer@demo.test',
        campaigns,
        metrics: { impressions: true, clicks: true },
        reportFormat: 'csv',
        period: 'last_month',
      },
    });
    expect(requested.status, await requested.clone().text()).toBe(202);
    for (let i = 0; i < 300 && (await outbox()).length === sent.length; i += 1) await sleep(100);
    await sleep(3_000);
    expect((await outbox()).filter((name) => !sent.includes(name))).toHaveLength(1);
  }, 60_000);
});
