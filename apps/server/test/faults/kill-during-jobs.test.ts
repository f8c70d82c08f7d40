import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DELIVERY_QUEUE } from '../../src/jobs/report-jobs';
import { addDays, localDate } from '@portal/contracts';
import { buildSandboxData } from '../../src/self-service/connectors/sandbox-data';
import { SYNC_JOB } from '../../src/self-service/sync-job';
import {
  authHeaders,
  build,
  createDatabaseCopy,
  login,
  readDemoFile,
  TEST_SESSION_SECRET,
  type TestContext,
} from '../helper';
import { connectSandbox } from '../factories/self-service';
import { startServerProcess, type ServerProcess } from './server-process';
import { addEmailDomain } from '../../src/repositories/reports/recipients';

/**
 * `kill -9` of a server in the middle of an import sync and of a report job (issue 8, faults;
 * docs/reliability.md). Real server processes (`src/server.ts`) run the jobs on a PostgreSQL copy of
 * the demo database; this file's own app (no workers) only enqueues them through the API. Server A
 * takes both jobs and is killed while the sync is pulling data and the report's email waits for the
 * SMTP server's answer; server B, started on the same database, finds both jobs expired, runs them
 * again, and each completes exactly once: one email delivered, one completed job per kind, the
 * synced rows equal to the platform's. PostgreSQL only (PGlite lives inside one process).
 */

const databaseUrl = process.env.TEST_DATABASE_URL;

/** An SMTP server that leaves the first message unanswered (the sender waits) and accepts the rest. */
function stallingSmtp() {
  const delivered: string[] = [];
  let stalled = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Never answering leaves the message undelivered: no 250, the sender does not know it went.
        if (stalled++ === 0) return;
        delivered.push(Buffer.concat(chunks).toString());
        callback();
      });
    },
  });
  server.on('error', () => {});
  return { server, delivered, stalled: () => stalled };
}

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!databaseUrl)('kill -9 of a server during jobs', () => {
  const smtp = stallingSmtp();
  let copy: Awaited<ReturnType<typeof createDatabaseCopy>>;
  let t: TestContext;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-kill-'));

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    copy = await createDatabaseCopy();
    // Enqueues through the API; the real clock, as the server processes use it.
    t = await build({ databaseUrl: copy.url, clock: () => new Date() });
    // Reports go to the tenant's users or to a domain the agency allows (docs/reports.md).
    await addEmailDomain(t.database.db, { organizationId: 1, domain: 'dealer.test' });
    env = {
      DATABASE_URL: copy.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: TEST_SESSION_SECRET,
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.server.address() as AddressInfo).port}`,
      // Each of the sync's three platform calls pauses 2 s: about 6 s in flight.
      SELF_SERVICE_SANDBOX_DELAY_MS: '2000',
      // A job active for 10 s lost its worker; maintenance looks every second; retry after 1 s.
      JOB_EXPIRE_SECONDS: '10',
      JOB_MAINTENANCE_SECONDS: '1',
      JOB_RETRY_DELAY_SECONDS: '1',
    };
  });
  afterAll(async () => {
    for (const server of servers) await server.kill9();
    await t?.close();
    await copy?.drop();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const query = async <T extends object>(text: string, values: unknown[] = []) =>
    (await t.database.pool!.query<T>(text, values)).rows;
  const jobsOf = (name: string) =>
    query<{ id: string; state: string; retry_count: number; data: Record<string, unknown> }>(
      'select id, state, retry_count, data from pgboss.job where name = $1 order by created_on',
      [name],
    );
  const campaignStatus = async (id: number) =>
    (await query<{ status: string }>('select status from self_service_campaigns where id = $1', [id]))[0]?.status;

  it('each job completes exactly once after the server running it is killed', async () => {
    // Server A starts first: the queues take this configuration's expiry before anything is sent.
    servers.push(await startServerProcess(env));

    // An import of one sandbox campaign (its sync job) and a one-off CSV report by email.
    const agency = await login(t.app, 'agency@demo.test');
    await connectSandbox(t.app, agency, 1, 101, 3);
    const options = (
      await t.app.inject({
        method: 'GET',
        url: '/api/agencies/1/dsp/accounts/vendors/3/campaigns?account_id=act_936',
        headers: authHeaders(agency),
      })
    ).json() as Array<{ value: string }>;
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/1/dealership/101/campaigns/self-service/import',
      headers: authHeaders(agency),
      payload: {
        vendor_id: 3,
        agency_id: 1,
        account_name: 'Account 936',
        account_id: 'act_936',
        campaign_ids: [options[0]!.value],
      },
    });
    expect(imported.statusCode, imported.body).toBeLessThan(300);
    const [campaignId] = (imported.json() as { campaign_ids: number[] }).campaign_ids;
    const dealer = await login(t.app, 'dealer@demo.test');
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/1/dealership/101/campaigns/report-generator',
      headers: authHeaders(dealer),
      payload: {
        email: 'buyer@dealer.test',
        campaigns: readDemoFile('campaigns')
          .filter((c) => c.dealership_id === '101')
          .map((c) => Number(c.client_campaign_id)),
        metrics: { impressions: true, clicks: true },
        reportFormat: 'csv',
        period: 'last_3_months',
      },
    });
    expect(report.statusCode, report.body).toBeLessThan(300);

    // Both in flight on A: the sync pulls data, the report's email waits for the SMTP answer.
    await waitUntil(
      'both jobs in flight',
      async () => smtp.stalled() === 1 && (await campaignStatus(campaignId!)) === 'initial_load',
    );
    await servers[0]!.kill9();
    expect((await jobsOf(SYNC_JOB)).map((j) => j.state)).toEqual(['active']);
    expect((await jobsOf(REPORT_DELIVERY_QUEUE)).map((j) => j.state)).toEqual(['active']);
    expect(smtp.delivered).toHaveLength(0);

    // Server B: after the expiry both jobs run again, on B.
    const restartedAt = Date.now();
    servers.push(await startServerProcess(env));
    await waitUntil(
      'both jobs completed after the restart',
      async () =>
        (await jobsOf(SYNC_JOB))[0]?.state === 'completed' &&
        (await jobsOf(REPORT_DELIVERY_QUEUE))[0]?.state === 'completed',
    );
    console.info(`kill -9: both jobs completed ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart`);
    // Time for a duplicate to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 3000));

    // The report: one job, retried once, one email delivered — with the job's id as Message-ID.
    const reportJobs = await jobsOf(REPORT_DELIVERY_QUEUE);
    expect(reportJobs).toHaveLength(1);
    expect(reportJobs[0]).toMatchObject({ state: 'completed', retry_count: 1 });
    expect(smtp.delivered).toHaveLength(1);
    expect(smtp.delivered[0]).toContain(`Message-ID: <${reportJobs[0]!.id}:report@campaign-portal>`);
    expect(smtp.delivered[0]).toMatch(/To: buyer@dealer\.test/);
    expect(await query('select key from report_deliveries')).toEqual([{ key: `${reportJobs[0]!.id}:report` }]);

    // The sync: one job, retried once; the campaign available with exactly the platform's rows.
    const syncJobs = await jobsOf(SYNC_JOB);
    expect(syncJobs).toHaveLength(1);
    expect(syncJobs[0]).toMatchObject({ state: 'completed', retry_count: 1, data: { campaignId } });
    expect(await campaignStatus(campaignId!)).toBe('available');
    const yesterday = addDays(localDate(new Date(), 'America/Chicago'), -1);
    const platform = buildSandboxData(3, localDate(new Date(), 'America/Chicago')).campaigns.find(
      (c) => c.id === options[0]!.value,
    )!;
    const expected = platform.rows.filter((r) => r.date >= platform.startDate && r.date <= yesterday);
    const [stored] = await query(
      `select (select count(*)::int from self_service_daily_metrics where campaign_id = $1) as days,
              (select coalesce(sum(impressions), 0)::text from self_service_daily_metrics where campaign_id = $1) as impressions,
              (select count(*)::int from self_service_product_daily where campaign_id = $1) as products`,
      [campaignId],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(stored).toEqual({
      days: new Set(expected.map((r) => r.date)).size,
      impressions: String(expected.reduce((sum, r) => sum + r.impressions, 0)),
      products: expected.length,
    });
  });
});
