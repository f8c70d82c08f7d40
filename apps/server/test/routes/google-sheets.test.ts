import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportJobDefinitions } from '../../src/jobs/report-jobs';
import { startJobWorkers } from '../../src/jobs/workers';
import { createSheetsClient } from '../../src/lib/google-sheets';
import type { MailMessage } from '../../src/lib/mail';
import { build, login, readDemoFile, type TestContext, authHeaders } from '../helper';
import { addEmailDomain } from '../../src/repositories/reports/recipients';

const SERVICE_EMAIL = 'portal-reports@portal-test.iam.gserviceaccount.com';
const SHARED = '1SharedSheetId_abcdef';
const PRIVATE = '1PrivateSheetId_abcdef';

/** A local stand-in for the Sheets API: the shared sheet opens for a bearer token, others are 403; writes are kept. */
const requests: Array<{ method: string; url: string; authorization?: string; body: string }> = [];
const fake = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    requests.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
    const bearer = /^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(req.headers.authorization ?? '');
    const url = new URL(req.url!, 'http://fake');
    const match = /^\/v4\/spreadsheets\/([^/]+)/.exec(url.pathname);
    res.setHeader('content-type', 'application/json');
    if (!bearer || !match || match[1] !== SHARED) {
      res.statusCode = 403;
      res.end(JSON.stringify({ error: { code: 403, message: 'The caller does not have permission' } }));
      return;
    }
    res.end(JSON.stringify({ spreadsheetId: SHARED }));
  });
});

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const sent: MailMessage[] = [];
let withAccount: TestContext;
let withoutAccount: TestContext;
let cookie: string;
let cookieWithout: string;
const base = '/api/agencies/1/dealership/101';
const sheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit#gid=0`;

beforeAll(async () => {
  // Port 0: the system picks a free port, so parallel runs never collide.
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const fakePort = (fake.address() as AddressInfo).port;
  withAccount = await build({
    reports: {
      mailer: { kind: 'outbox', send: async (m) => void sent.push(m) },
      sheets: createSheetsClient({
        serviceAccountEmail: SERVICE_EMAIL,
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        rootUrl: `http://127.0.0.1:${fakePort}/`,
      }),
    },
  });
  withoutAccount = await build();
  // Reports go to the tenant's users or to a domain the agency allows (docs/reports.md).
  await addEmailDomain(withAccount.database.db, { organizationId: 1, domain: 'dealer.test' });
  cookie = await login(withAccount.app, 'dealer@demo.test');
  cookieWithout = await login(withoutAccount.app, 'dealer@demo.test');
});
afterAll(async () => {
  await withAccount?.close();
  await withoutAccount?.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

async function check(t: TestContext, who: string, url: string, serviceEmail: string | null) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${base}/utils/google_spreadsheet/check-access`,
    headers: authHeaders(who),
    payload: { spreadsheet_url: url, service_email: serviceEmail },
  });
  expect(response.statusCode).toBe(200);
  return response.json().access as boolean;
}

describe('Google sheet access', () => {
  it('names the configured service account, or none', async () => {
    const one = await withAccount.app.inject({
      method: 'GET',
      url: `${base}/utils/google_spreadsheet/service-user`,
      headers: authHeaders(cookie),
    });
    expect(one.json()).toEqual({ email: SERVICE_EMAIL });
    const none = await withoutAccount.app.inject({
      method: 'GET',
      url: `${base}/utils/google_spreadsheet/service-user`,
      headers: authHeaders(cookieWithout),
    });
    expect(none.json()).toEqual({ email: null });
  });

  it('grants access to a shared sheet and denies the others (Sheets API with a signed service-account token)', async () => {
    expect(await check(withAccount, cookie, sheetUrl(SHARED), SERVICE_EMAIL)).toBe(true);
    const asked = requests.find((r) => r.url.startsWith(`/v4/spreadsheets/${SHARED}`))!;
    const claims = JSON.parse(Buffer.from(asked.authorization!.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ iss: SERVICE_EMAIL, sub: SERVICE_EMAIL });
    expect(await check(withAccount, cookie, sheetUrl(PRIVATE), SERVICE_EMAIL)).toBe(false);
    expect(await check(withAccount, cookie, 'https://example.com/not-a-sheet', SERVICE_EMAIL)).toBe(false);
    // The service email is missing: 'Access denied!'.
    expect(await check(withAccount, cookie, sheetUrl(SHARED), null)).toBe(false);
  });

  it('denies access when no service account is configured', async () => {
    const before = requests.length;
    expect(await check(withoutAccount, cookieWithout, sheetUrl(SHARED), SERVICE_EMAIL)).toBe(false);
    expect(requests.length).toBe(before);
  });

  it('a google_sheet report writes its rows into the sheet', async () => {
    await startJobWorkers(withAccount.app, { work: true, definitions: reportJobDefinitions });
    const ids = readDemoFile('campaigns')
      .filter((c) => c.dealership_id === '101' && c.start_date! <= '2026-10-31' && c.end_date! >= '2026-08-01')
      .map((c) => Number(c.client_campaign_id));
    const response = await withAccount.app.inject({
      method: 'POST',
      url: `${base}/campaigns/report-generator`,
      headers: authHeaders(cookie),
      payload: {
        email: 'sheet@dealer.test',
        campaigns: ids,
        metrics: { impressions: true },
        reportFormat: 'google_sheet',
        sheet_url: sheetUrl(SHARED),
        period: 'last_3_months',
      },
    });
    expect(response.statusCode).toBe(202);
    for (let i = 0; i < 200 && !sent.some((m) => m.to === 'sheet@dealer.test'); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const update = requests.find((r) => r.method === 'PUT' && r.url.includes(`/v4/spreadsheets/${SHARED}/values/A1`))!;
    expect(requests.some((r) => r.method === 'POST' && r.url.includes(':clear'))).toBe(true);
    const values = JSON.parse(update.body).values as unknown[][];
    expect(values[0]).toEqual(['Campaign ID', 'Campaign', 'Product', 'Impressions', 'Leads', 'Sales']);
    expect(
      values
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual([...ids].sort());
    expect(sent.find((m) => m.to === 'sheet@dealer.test')!.text).toContain(sheetUrl(SHARED));
  });
});
