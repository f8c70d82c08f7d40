import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal, type PortalSession } from './portal-process';

/**
 * Issue 25 items 12 and 13, against the real portal process over HTTP: a recurring report's answer
 * said nothing about when it runs and nothing could send it now ('Last run' stayed 'Not run yet');
 * identical schedules were stored twice; the list showed no campaigns or metrics; a schedule could
 * not be edited.
 */
let portal: Portal;
let agency: PortalSession;
let dealer: PortalSession;
let campaigns: number[];
const base = '/api/agencies/1/dealership/101';
/** The demo organization's zone (src/demo/build-demo-files.ts). */
const ORGANIZATION_ZONE = 'America/Chicago';

type ErrorBody = { error: { code: string; message: string; details?: Array<{ path: string; message: string }> } };
type Schedule = {
  id: number;
  day: number;
  email: string;
  report_format: string;
  campaigns: Array<{ id: number; name: string | null }>;
  metrics: string[];
  time_zone: string;
  next_run_date: string | null;
  last_run_at: string | null;
  last_status: string | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `YYYY-MM-DD` of `date` in `zone`. */
const dayIn = (date: Date, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(date);
/** `YYYY-MM-DD` plus `days`. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function outbox(): Promise<string[]> {
  const dir = path.join(portal.dataDir, 'outbox');
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith('.eml'));
}

beforeAll(async () => {
  portal = await startPortal();
  agency = await portal.signIn('agency@demo.test');
  dealer = await portal.signIn('dealer@demo.test');
  const rows = await dealer.fetch(`${base}/campaigns/report-rows?startDate=2000-01-01&endDate=2099-12-31`);
  expect(rows.status).toBe(200);
  campaigns = ((await rows.json()) as { data: Array<{ client_campaign_id: number }> }).data
    .slice(0, 2)
    .map((row) => row.client_campaign_id);
  expect(campaigns.length).toBe(2);
});
afterAll(async () => {
  await portal?.stop();
});

/** A weekly report of the dealer's two campaigns, to the dealer, on ISO weekday `day`. */
const weekly = (day: number, extra: Record<string, unknown> = {}) => ({
  email: 'dealer@demo.test',
  campaigns,
  metrics: { impressions: true, clicks: true },
  reportFormat: 'csv',
  period: 'last_month',
  recurring: true,
  recurring_interval: { type: 'day', day },
  ...extra,
});

const create = (session: PortalSession, json: unknown) =>
  session.fetch(`${base}/campaigns/report-generator`, { method: 'POST', json });
async function list(session: PortalSession): Promise<Schedule[]> {
  const response = await session.fetch(`${base}/campaigns/report-schedules`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Schedule[] }).data;
}

describe('scheduled reports tell the truth over HTTP (issue 25 items 12, 13)', () => {
  it('answers a recurring report with its first run day in the organization zone, and sends nothing now', async () => {
    const today = dayIn(new Date(), ORGANIZATION_ZONE);
    const inTwoDays = addDays(today, 2);
    // Monthly on the day of the month two days ahead: its first run is that day, not today.
    const response = await create(
      dealer,
      weekly(0, { recurring_interval: { type: 'month', day: Number(inTwoDays.slice(8)) } }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      status: 'scheduled',
      next_run_date: inTwoDays,
      time_zone: ORGANIZATION_ZONE,
    });
    await sleep(1000);
    expect(await outbox()).toEqual([]);
  });

  it('refuses an identical schedule (campaigns in another order, recipient in capitals) with 409 at the form', async () => {
    const day = 3;
    expect((await create(dealer, weekly(day))).status).toBe(201);
    const again = await create(dealer, weekly(day, { campaigns: [...campaigns].reverse(), email: 'Dealer@demo.test' }));
    expect(again.status).toBe(409);
    const body = (await again.json()) as ErrorBody;
    expect(body.error.code).toBe('CONFLICT');
    expect(body.error.details).toEqual([{ path: 'recurring', message: expect.stringMatching(/already have/) }]);
    // Another day is another schedule.
    expect((await create(dealer, weekly(day + 1))).status).toBe(201);
  });

  it('lists each schedule with campaigns (names), metrics, format, next run and zone', async () => {
    const [newest] = await list(dealer);
    expect(newest).toMatchObject({
      report_format: 'csv',
      metrics: ['impressions', 'clicks'],
      time_zone: ORGANIZATION_ZONE,
      campaigns: campaigns.map((id) => ({ id, name: expect.any(String) })),
    });
    expect(newest!.next_run_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('sends the first one now: one email for two clicks, and Last run changes', async () => {
    const created = await create(dealer, weekly(5, { metrics: { impressions: true } }));
    expect(created.status).toBe(201);
    const { schedule_id: id } = (await created.json()) as { schedule_id: number };
    const before = (await list(dealer)).find((s) => s.id === id)!;
    expect(before.last_run_at).toBeNull();
    const sent = await outbox();
    const first = await dealer.fetch(`${base}/campaigns/report-schedules/${id}/send-now`, { method: 'POST' });
    expect(first.status).toBe(202);
    const second = await dealer.fetch(`${base}/campaigns/report-schedules/${id}/send-now`, { method: 'POST' });
    expect(second.status).toBe(202);
    expect(await second.json()).toMatchObject({ run_date: dayIn(new Date(), ORGANIZATION_ZONE) });
    let after = before;
    for (let i = 0; i < 300 && after.last_run_at === null; i += 1) {
      await sleep(100);
      after = (await list(dealer)).find((s) => s.id === id)!;
    }
    expect(after).toMatchObject({ last_status: 'sent', last_run_at: expect.any(String) });
    await sleep(1500);
    const third = await dealer.fetch(`${base}/campaigns/report-schedules/${id}/send-now`, { method: 'POST' });
    expect(await third.json()).toMatchObject({ status: 'sent' });
    await sleep(1000);
    expect((await outbox()).filter((name) => !sent.includes(name))).toHaveLength(1);
    // Someone else's schedule cannot be sent.
    expect((await agency.fetch(`${base}/campaigns/report-schedules/${id}/send-now`, { method: 'POST' })).status).toBe(
      404,
    );
  });

  it('edits a schedule: validated like a new one, only by its owner, not into a duplicate', async () => {
    const created = await create(dealer, weekly(6, { period: 'last_3_months' }));
    expect(created.status).toBe(201);
    const { schedule_id: id } = (await created.json()) as { schedule_id: number };
    const patch = (session: PortalSession, json: unknown) =>
      session.fetch(`${base}/campaigns/report-schedules/${id}`, { method: 'PATCH', json });

    const edited = weekly(7, { period: 'last_3_months', campaigns: [campaigns[0]], reportFormat: 'xlsx' });
    expect((await patch(dealer, { request: edited })).status).toBe(204);
    const shown = (await list(dealer)).find((s) => s.id === id)!;
    expect(shown).toMatchObject({ day: 7, report_format: 'xlsx', campaigns: [{ id: campaigns[0] }] });

    // Not the owner (the agency administrator may open the dealership, but it is not their schedule).
    expect((await patch(agency, { request: weekly(1) })).status).toBe(404);
    // Validated like creation: the §5 rules, the campaigns, the recipient, recurring.
    expect((await patch(dealer, { request: weekly(7, { campaigns: [] }) })).status).toBe(400);
    expect((await patch(dealer, { request: weekly(7, { campaigns: [999_999_999] }) })).status).toBe(400);
    const outside = await patch(dealer, { request: weekly(7, { email: 'someone@outside.example' }) });
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as ErrorBody).error.details?.map((d) => d.path)).toEqual(['email']);
    expect((await patch(dealer, { request: { ...edited, recurring: false } })).status).toBe(400);
    // Into a copy of another schedule: 409.
    expect((await patch(dealer, { request: weekly(3) })).status).toBe(409);
    expect((await list(dealer)).find((s) => s.id === id)).toMatchObject({ day: 7, report_format: 'xlsx' });
  });
});
