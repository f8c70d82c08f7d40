import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN, DEALERSHIP, FORMULA_START, ingest, payload } from './injection-fixtures';
import { startPortal, type Portal } from './portal-process';

const SHEET_ID = '1InjectionSheet_abcdef';

/**
 * Issue 18, item 5, the Google Sheets writer: a google_sheet report job of the real portal process
 * writes the campaign name escaped and numbers as numbers into the sheet (a local stand-in of the
 * Sheets API, configured through GOOGLE_SHEETS_ROOT_URL, records what the portal writes).
 */
describe('black box: formula injection into Google Sheets (issue 18, item 5)', () => {
  const writes: string[] = [];
  const fake = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'PUT' && req.url!.includes(`/v4/spreadsheets/${SHEET_ID}/values/`)) writes.push(body);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ spreadsheetId: SHEET_ID }));
    });
  });
  let portal: Portal;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    portal = await startPortal({
      GOOGLE_SERVICE_ACCOUNT_EMAIL: 'reports@portal-test.iam.gserviceaccount.com',
      GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      GOOGLE_SHEETS_ROOT_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/`,
    });
    await ingest(await portal.signIn('staff@demo.test'));
  });
  afterAll(async () => {
    await portal?.stop();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('writes the campaign name escaped and the numbers as numbers', async () => {
    const dealer = await portal.signIn('dealer@demo.test');
    const response = await dealer.fetch(
      `/api/agencies/${dealer.user.organization_id}/dealership/${DEALERSHIP}/campaigns/report-generator`,
      {
        method: 'POST',
        json: {
          email: 'dealer@demo.test',
          campaigns: [CAMPAIGN],
          metrics: { campaign: true, impressions: true },
          reportFormat: 'google_sheet',
          sheet_url: `https://docs.google.com/spreadsheets/d/${SHEET_ID}/edit#gid=0`,
          period: 'last_month',
        },
      },
    );
    expect(response.status, await response.clone().text()).toBe(202);
    // The job runs in the background: wait for its write to reach the stand-in.
    for (let attempt = 0; attempt < 600 && writes.length === 0; attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(writes.length, portal.output()).toBeGreaterThan(0);
    const values = (JSON.parse(writes[0]!) as { values: unknown[][] }).values;
    const headers = values[0] as string[];
    const row = values.find((r) => r[0] === CAMPAIGN)!;
    expect(row).toBeDefined();
    expect(row[headers.indexOf('Campaign')]).toBe(`'${payload.campaignName}`);
    expect(row[headers.indexOf('Impressions')]).toBe(1000);
    for (const cell of values.flat()) if (typeof cell === 'string') expect(FORMULA_START.test(cell), cell).toBe(false);
  });
});
