import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { enqueueDueReports, REPORT_DELIVERY_QUEUE, reportJobDefinitions } from '../../src/jobs/report-jobs';
import { createJobQueue, type JobQueue } from '../../src/jobs/queue';
import { startJobWorkers, type JobDefinition } from '../../src/jobs/workers';
import type { MailMessage } from '../../src/lib/mail';
import { isoWeekday } from '@portal/contracts';
import { build, login, readDemoFile, type TestContext, authHeaders } from '../helper';
import { addEmailDomain } from '../../src/repositories/reports/recipients';

/** The clock both workers see; the test moves it. */
let now = new Date('2026-11-16T18:00:00Z'); // Monday 16 Nov 2026, noon in Chicago
const sent: MailMessage[] = [];
const mailer = {
  kind: 'outbox' as const,
  async send(message: MailMessage) {
    if (message.to.startsWith('fail')) throw new Error('mailbox unavailable');
    sent.push(message);
  },
};
/** Fast retries so a failing run ends within the test. */
const definitions: JobDefinition[] = reportJobDefinitions.map((d) => ({
  ...d,
  queue: { ...d.queue, retryLimit: 1, retryDelay: 0, retryBackoff: false },
}));

let t: TestContext;
let secondBoss: JobQueue;
let secondWorker: App;
let cookie: string;
const base = '/api/agencies/1/dealership/101/campaigns';
const unique = `s${Date.now()}`;

beforeAll(async () => {
  t = await build({ clock: () => now, reports: { mailer, sheets: null } });
  // Reports go to the tenant's users or to a domain the agency allows (docs/reports.md).
  await addEmailDomain(t.database.db, { organizationId: 1, domain: 'dealer.test' });
  await startJobWorkers(t.app, { work: true, definitions });
  // On PostgreSQL the queue may already exist (created by another test file): set fast retries on it too.
  await t.jobs.updateQueue(REPORT_DELIVERY_QUEUE, {
    name: REPORT_DELIVERY_QUEUE,
    retryLimit: 1,
    retryDelay: 0,
    retryBackoff: false,
  });
  // A second worker process on the same database: its own pg-boss, the same handlers.
  secondBoss = createJobQueue(t.database, { background: false });
  await secondBoss.start();
  secondWorker = Object.create(t.app, { jobs: { value: secondBoss } }) as App;
  await startJobWorkers(secondWorker, { work: true, definitions });
  cookie = await login(t.app, 'dealer@demo.test');
});
afterAll(async () => {
  const delivery = reportJobDefinitions.find((d) => d.name === REPORT_DELIVERY_QUEUE)!;
  await t?.jobs.updateQueue(REPORT_DELIVERY_QUEUE, { name: REPORT_DELIVERY_QUEUE, ...delivery.queue });
  await secondBoss?.stop({ graceful: false, wait: true, close: true });
  await t.close();
});

async function waitFor(check: () => boolean | Promise<boolean>, ms = 30_000) {
  for (let waited = 0; waited < ms; waited += 100) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

/** Ticks from both processes at once, then waits until no delivery job is left. */
async function tickBoth() {
  await Promise.all([enqueueDueReports(t.app), enqueueDueReports(secondWorker), enqueueDueReports(t.app)]);
  // Created, retrying or active jobs: none left.
  await waitFor(async () => (await t.jobs.getQueueSize(REPORT_DELIVERY_QUEUE, { before: 'completed' })) === 0);
  // Let the handlers' last writes land.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

const campaignIds = readDemoFile('campaigns')
  .filter((c) => c.dealership_id === '101')
  .map((c) => Number(c.client_campaign_id))
  .slice(0, 2);

async function schedule(email: string, type: 'day' | 'month', day: number, clock: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${base}/report-generator`,
    headers: authHeaders(cookie),
    payload: {
      email,
      campaigns: campaignIds,
      metrics: { impressions: true },
      reportFormat: 'csv',
      period: 'last_month',
      recurring: true,
      recurring_interval: { type, day },
      scheduleDay: day,
      ...clock,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().schedule_id as number;
}

async function list() {
  const response = await t.app.inject({ method: 'GET', url: `${base}/report-schedules`, headers: authHeaders(cookie) });
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<Record<string, unknown>>;
}

describe('recurring reports', () => {
  it('a weekly schedule fires once per week with two workers, in the organization’s time zone', async () => {
    const email = `weekly-${unique}@dealer.test`;
    const mine = () => sent.filter((m) => m.to === email);
    expect(isoWeekday('2026-11-16')).toBe(1);
    const id = await schedule(email, 'day', 1); // every Monday
    expect((await list()).find((s) => s.id === id)).toMatchObject({ next_run_date: '2026-11-16', last_status: null });

    await tickBoth();
    await tickBoth();
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.attachments![0]!.filename).toMatch(/_2026-10-01_2026-10-31\.csv$/);
    expect((await list()).find((s) => s.id === id)).toMatchObject({ last_status: 'sent', next_run_date: '2026-11-23' });

    // 21:00 in Chicago is still Monday there (03:00 UTC Tuesday): the same period.
    now = new Date('2026-11-17T03:00:00Z');
    await tickBoth();
    expect(mine()).toHaveLength(1);

    now = new Date('2026-11-19T18:00:00Z'); // Thursday
    await tickBoth();
    expect(mine()).toHaveLength(1);

    now = new Date('2026-11-23T06:30:00Z'); // 00:30 Monday 23 Nov in Chicago
    await tickBoth();
    await tickBoth();
    expect(mine()).toHaveLength(2);

    // Paused: no run; the list shows no next run.
    const paused = await t.app.inject({
      method: 'PATCH',
      url: `${base}/report-schedules/${id}`,
      headers: authHeaders(cookie),
      payload: { paused: true },
    });
    expect(paused.statusCode).toBe(204);
    now = new Date('2026-11-30T18:00:00Z');
    await tickBoth();
    expect(mine()).toHaveLength(2);
    expect((await list()).find((s) => s.id === id)).toMatchObject({ paused: true, next_run_date: null });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${base}/report-schedules/${id}`,
      headers: authHeaders(cookie),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await list()).find((s) => s.id === id)).toBeUndefined();
  });

  it('a monthly schedule on the 31st runs on the last day of a shorter month, once', async () => {
    now = new Date('2026-11-20T18:00:00Z');
    const email = `monthly-${unique}@dealer.test`;
    const id = await schedule(email, 'month', 31);
    expect((await list()).find((s) => s.id === id)).toMatchObject({ next_run_date: '2026-11-30' });
    await tickBoth();
    expect(sent.filter((m) => m.to === email)).toHaveLength(0);
    now = new Date('2026-11-30T20:00:00Z');
    await tickBoth();
    await tickBoth();
    expect(sent.filter((m) => m.to === email)).toHaveLength(1);
    // Its period on 30 Nov is last month: October.
    expect(sent.find((m) => m.to === email)!.attachments![0]!.filename).toMatch(/_2026-10-01_2026-10-31\.csv$/);
  });

  it('a run that keeps failing is visible in the list, logged per recipient, and its owner is told once', async () => {
    now = new Date('2026-12-01T18:00:00Z'); // Tuesday
    const email = `fail-${unique}@dealer.test`;
    const id = await schedule(email, 'day', 2);
    await tickBoth();
    await waitFor(async () => (await list()).find((s) => s.id === id)?.last_status === 'failed');
    expect((await list()).find((s) => s.id === id)).toMatchObject({
      last_status: 'failed',
      last_error: 'mailbox unavailable',
      last_delivery: {
        run_date: '2026-12-01',
        recipient: email,
        status: 'failed',
        // The first attempt and its one retry (retryLimit 1 in this file).
        attempts: 2,
        error: 'mailbox unavailable',
      },
    });
    const delivery = (await list()).find((s) => s.id === id)!.last_delivery as Record<string, string>;
    expect(delivery.finished_at).not.toBeNull();
    expect(delivery.last_attempt_at).not.toBeNull();
    // The owner (who made the schedule) learns of it by email, once, through ticks and workers alike.
    await tickBoth();
    const notices = sent.filter(
      (m) => m.subject === 'Your scheduled report could not be delivered' && m.text.includes(email),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ to: 'dealer@demo.test' });
    expect(notices[0]!.text).toContain('Reason: mailbox unavailable');
    // The whole log, through its read route.
    const log = await t.app.inject({
      method: 'GET',
      url: `${base}/report-schedules/${id}/deliveries`,
      headers: authHeaders(cookie),
    });
    expect(log.statusCode).toBe(200);
    expect(log.json().data).toEqual([
      expect.objectContaining({ run_date: '2026-12-01', recipient: email, status: 'failed', attempts: 2 }),
    ]);
    // And a "Scheduled report failed" alert of the dealership in the alert centre (issue 21 §3).
    const alerts = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/alerts?rule=delivery_failed`,
      headers: authHeaders(cookie),
    });
    expect(alerts.statusCode, alerts.body).toBe(200);
    const raised = (alerts.json() as { data: Array<{ rule_label: string; message: string; state: string }> }).data;
    expect(raised).toEqual([expect.objectContaining({ rule_label: 'Scheduled report failed', state: 'open' })]);
    expect(raised[0]!.message).toContain(`to ${email}`);
    expect(raised[0]!.message).toContain('mailbox unavailable');
  });

  it('arrives at the local send time across the 2027 daylight-saving changes, in the dealership’s and recipients’ zones', async () => {
    // Saturday 13 March 2027: three schedules for Sunday, each at a local time in its own zone.
    now = new Date('2027-03-13T18:00:00Z');
    const chicago = `dst-chicago-${unique}@dealer.test`;
    const stJohns = `dst-stjohns-${unique}@dealer.test`;
    const kolkata = `dst-kolkata-${unique}@dealer.test`;
    const ids = {
      chicago: await schedule(chicago, 'day', 7, { send_time: '08:00' }), // the dealership's zone (Chicago)
      stJohns: await schedule(stJohns, 'day', 7, {
        send_time: '08:00',
        time_zone_source: 'recipient',
        time_zone: 'America/St_Johns',
      }),
      kolkata: await schedule(kolkata, 'day', 7, {
        send_time: '09:15',
        time_zone_source: 'recipient',
        time_zone: 'Asia/Kolkata',
      }),
    };
    const rows = await list();
    expect(rows.find((s) => s.id === ids.chicago)).toMatchObject({
      time_zone: 'America/Chicago',
      time_zone_source: 'dealership',
      send_time: '08:00',
      next_run_date: '2027-03-14',
      next_run_at: '2027-03-14T13:00:00.000Z',
      last_delivery: null,
    });
    expect(rows.find((s) => s.id === ids.stJohns)).toMatchObject({
      time_zone: 'America/St_Johns',
      time_zone_source: 'recipient',
      next_run_at: '2027-03-14T10:30:00.000Z',
    });
    const count = () => ({
      chicago: sent.filter((m) => m.to === chicago).length,
      stJohns: sent.filter((m) => m.to === stJohns).length,
      kolkata: sent.filter((m) => m.to === kolkata).length,
    });
    const at = async (iso: string) => {
      now = new Date(iso);
      await tickBoth();
      return count();
    };
    // Spring forward, Sunday 14 March: Kolkata 09:15 IST, St. John's 08:00 NDT, Chicago 08:00 CDT.
    expect(await at('2027-03-14T03:44:00Z')).toEqual({ chicago: 0, stJohns: 0, kolkata: 0 });
    expect(await at('2027-03-14T03:45:00Z')).toEqual({ chicago: 0, stJohns: 0, kolkata: 1 });
    expect(await at('2027-03-14T10:29:00Z')).toEqual({ chicago: 0, stJohns: 0, kolkata: 1 });
    expect(await at('2027-03-14T10:30:00Z')).toEqual({ chicago: 0, stJohns: 1, kolkata: 1 });
    expect(await at('2027-03-14T12:59:00Z')).toEqual({ chicago: 0, stJohns: 1, kolkata: 1 });
    expect(await at('2027-03-14T13:00:00Z')).toEqual({ chicago: 1, stJohns: 1, kolkata: 1 });
    expect(await at('2027-03-14T23:00:00Z')).toEqual({ chicago: 1, stJohns: 1, kolkata: 1 });
    expect((await list()).find((s) => s.id === ids.chicago)).toMatchObject({
      last_delivery: { run_date: '2027-03-14', recipient: chicago, status: 'sent', attempts: 1, error: null },
    });

    // Saturday 6 November: the Sunday of 31 October, missed while the clock jumped, is caught up once.
    expect(await at('2027-11-06T18:00:00Z')).toEqual({ chicago: 2, stJohns: 2, kolkata: 2 });
    // Fall back, Sunday 7 November: St. John's 08:00 NST, Chicago 08:00 CST (not at the CDT instant).
    expect(await at('2027-11-07T03:45:00Z')).toEqual({ chicago: 2, stJohns: 2, kolkata: 3 });
    expect(await at('2027-11-07T11:29:00Z')).toEqual({ chicago: 2, stJohns: 2, kolkata: 3 });
    expect(await at('2027-11-07T11:30:00Z')).toEqual({ chicago: 2, stJohns: 3, kolkata: 3 });
    expect(await at('2027-11-07T13:00:00Z')).toEqual({ chicago: 2, stJohns: 3, kolkata: 3 });
    expect(await at('2027-11-07T13:59:00Z')).toEqual({ chicago: 2, stJohns: 3, kolkata: 3 });
    expect(await at('2027-11-07T14:00:00Z')).toEqual({ chicago: 3, stJohns: 3, kolkata: 3 });
    expect(await at('2027-11-08T05:59:00Z')).toEqual({ chicago: 3, stJohns: 3, kolkata: 3 });
    for (const id of Object.values(ids))
      await t.app.inject({ method: 'DELETE', url: `${base}/report-schedules/${id}`, headers: authHeaders(cookie) });
  });

  it('refuses a recipient zone that is not an IANA zone', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/report-generator`,
      headers: authHeaders(cookie),
      payload: {
        email: `zone-${unique}@dealer.test`,
        campaigns: campaignIds,
        metrics: { impressions: true },
        reportFormat: 'csv',
        period: 'last_month',
        recurring: true,
        recurring_interval: { type: 'day', day: 1 },
        send_time: '25:00',
        time_zone_source: 'recipient',
        time_zone: 'Mars/Olympus',
      },
    });
    expect(response.statusCode).toBe(400);
    const paths = (response.json().error.details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.send_time', 'body.time_zone']));
  });

  it('another user does not see, pause or delete the schedule', async () => {
    const id = await schedule(`private-${unique}@dealer.test`, 'day', 5);
    const agency = await login(t.app, 'agency@demo.test');
    const theirs = await t.app.inject({ method: 'GET', url: `${base}/report-schedules`, headers: authHeaders(agency) });
    expect(theirs.json().data.map((s: { id: number }) => s.id)).not.toContain(id);
    const log = await t.app.inject({
      method: 'GET',
      url: `${base}/report-schedules/${id}/deliveries`,
      headers: authHeaders(agency),
    });
    expect(log.statusCode).toBe(404);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `${base}/report-schedules/${id}`,
        headers: authHeaders(agency),
        ...(method === 'PATCH' ? { payload: { paused: true } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
