import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal, type PortalSession } from './portal-process';

/**
 * Issue 18 item 8, against the real portal process over HTTP: report emails went to any address
 * with no limit (200 requests to one outside address sent 106 emails). Now a report may be emailed
 * only to a user who may open the dealership or to a domain the agency administrator allows, every
 * recipient is one plain mailbox (no header or list tricks), and report jobs are limited per user
 * and per organization an hour (here 5 and 8: REPORT_LIMIT_PER_USER_PER_HOUR,
 * REPORT_LIMIT_PER_ORGANIZATION_PER_HOUR).
 */
const PER_USER = 5;
const PER_ORGANIZATION = 8;
let portal: Portal;
let agency: PortalSession;
let dealer: PortalSession;
let campaigns: number[];
const base = '/api/agencies/1/dealership/101';

beforeAll(async () => {
  portal = await startPortal({
    REPORT_LIMIT_PER_USER_PER_HOUR: String(PER_USER),
    REPORT_LIMIT_PER_ORGANIZATION_PER_HOUR: String(PER_ORGANIZATION),
  });
  agency = await portal.signIn('agency@demo.test');
  dealer = await portal.signIn('dealer@demo.test');
  const rows = await agency.fetch(`${base}/campaigns/report-rows?startDate=2000-01-01&endDate=2099-12-31`);
  expect(rows.status).toBe(200);
  campaigns = ((await rows.json()) as { data: Array<{ client_campaign_id: number }> }).data
    .slice(0, 2)
    .map((row) => row.client_campaign_id);
  expect(campaigns.length).toBeGreaterThan(0);
});
afterAll(async () => {
  await portal?.stop();
});

const reportTo = (session: PortalSession, email: string) =>
  session.fetch(`${base}/campaigns/report-generator`, {
    method: 'POST',
    json: { email, campaigns, metrics: { impressions: true, clicks: true }, reportFormat: 'csv', period: 'last_month' },
  });

type ErrorBody = { error: { code: string; message: string; details?: Array<{ path: string; message: string }> } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every `.eml` of the outbox. */
async function outbox(): Promise<string[]> {
  const dir = path.join(portal.dataDir, 'outbox');
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.filter((n) => n.endsWith('.eml')).map((n) => fsp.readFile(path.join(dir, n), 'utf8')));
}

/** The header block of a message, continuation lines unfolded. */
const headersOf = (eml: string) =>
  eml
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/);

/** Waits (at most 30 s) until the outbox holds `count` messages, then once more for stragglers. */
async function settledOutbox(count: number): Promise<string[]> {
  for (let i = 0; i < 300 && (await outbox()).length < count; i += 1) await sleep(100);
  await sleep(1500);
  return outbox();
}

describe('report email recipients, limits and headers over HTTP (issue 18 item 8)', () => {
  it('refuses a recipient outside the tenant at the email field, until the agency allows the domain', async () => {
    const refused = await reportTo(agency, 'someone@outside.example');
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as ErrorBody;
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details).toEqual([{ path: 'email', message: expect.stringMatching(/users of this dealership/) }]);

    // A dealership user may not change the allow-list; the agency administrator may.
    const byDealer = await dealer.fetch('/api/agencies/1/email-domains', {
      method: 'POST',
      json: { domain: 'outside.example' },
    });
    expect(byDealer.status).toBe(403);
    const added = await agency.fetch('/api/agencies/1/email-domains', {
      method: 'POST',
      json: { domain: '@Outside.Example' },
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ domain: 'outside.example' });
    const listed = await agency.fetch('/api/agencies/1/email-domains');
    expect(((await listed.json()) as { data: Array<{ domain: string }> }).data.map((d) => d.domain)).toEqual([
      'outside.example',
    ]);
    expect((await reportTo(agency, 'someone@outside.example')).status).toBe(202);

    // Removed again: refused again. A user of the dealership is always a valid recipient.
    expect((await agency.fetch('/api/agencies/1/email-domains/outside.example', { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await reportTo(agency, 'someone@outside.example')).status).toBe(400);
    expect((await reportTo(dealer, 'dealer@demo.test')).status).toBe(202);
  });

  it('refuses header and address-list tricks in the recipient at the field, and no message carries an extra header', async () => {
    const attempts = [
      'agency@demo.test\r\nBcc: evil@attacker.example',
      'agency@demo.test\nBcc: evil@attacker.example',
      'agency@demo.test%0d%0aBcc:evil@attacker.example',
      '"agency@demo.test" <evil@attacker.example>',
      'Agency <evil@attacker.example>',
      'agency@demo.test, evil@attacker.example',
      'agency@demo.test;evil@attacker.example',
      'evil@attacker.example>agency@demo.test',
      // Cyrillic 'а' and 'е': lookalikes of the agency's own address.
      '\u0430gency@demo.test',
      'agency@d\u0435mo.test',
    ];
    for (const email of attempts) {
      const response = await reportTo(agency, email);
      expect(response.status, JSON.stringify(email)).toBe(400);
      const body = (await response.json()) as ErrorBody;
      // At the email field: the contract's check (`body.email`) or the recipient rule (`email`).
      expect(
        body.error.details?.map((d) => d.path.replace(/^body\./, '')),
        JSON.stringify(email),
      ).toEqual(['email']);
    }
    // The dealer's report; the one to the domain removed before its job ran is refused when sent.
    const messages = await settledOutbox(1);
    expect(messages.length).toBeGreaterThan(0);
    for (const eml of messages) {
      const headers = headersOf(eml);
      expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
      expect(headers.filter((h) => /^to:/i.test(h)).length).toBe(1);
      expect(eml).not.toContain('attacker.example');
    }
  });

  it('200 report requests hit the hourly limits with 429 and Retry-After; the outbox holds at most the limit', async () => {
    const before = (await outbox()).length;
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 200; i += 1) {
      const response = await reportTo(dealer, 'dealer@demo.test');
      statuses.push(response.status);
      if (response.status === 429) limited ??= response;
      else await response.arrayBuffer();
    }
    // The dealer already had one report this hour (first test): PER_USER - 1 more are accepted.
    expect(statuses.filter((s) => s === 202).length).toBe(PER_USER - 1);
    expect(statuses.filter((s) => s === 429).length).toBe(200 - (PER_USER - 1));
    expect(limited).toBeDefined();
    const retryAfter = Number(limited!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const body = (await limited!.json()) as ErrorBody;
    expect(body.error.code).toBe('RATE_LIMITED');

    // The organization's limit holds across its users: the agency administrator runs into it too.
    const agencyStatuses: number[] = [];
    for (let i = 0; i < 20; i += 1) agencyStatuses.push((await reportTo(agency, 'agency@demo.test')).status);
    // Accepted this hour: 2 in the first test, PER_USER - 1 of the dealer's, the agency's now.
    const accepted = 2 + (PER_USER - 1) + agencyStatuses.filter((s) => s === 202).length;
    expect(accepted).toBe(PER_ORGANIZATION);
    expect(agencyStatuses).toContain(429);

    const after = await settledOutbox(PER_ORGANIZATION - 1);
    expect(after.length - before).toBeLessThanOrEqual(PER_ORGANIZATION);
    expect(after.length).toBeLessThanOrEqual(PER_ORGANIZATION);
  });
});
