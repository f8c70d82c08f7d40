import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@portal/contracts';
import {
  CAMPAIGN,
  DEALERSHIP,
  FORMULA_START,
  ingest,
  NEGATIVE_KEYWORD,
  payload,
  PLAIN_NUMBER,
  RANGE,
} from './injection-fixtures';
import { startPortal, type Portal, type PortalSession } from './portal-process';

/**
 * Issue 18, items 5, 6 and 9, attacked over HTTP on the real portal process:
 * - formula injection: text a data file controls (campaign name, inventory stock number, creative,
 *   site, keyword, caller, lead fields) reaches every CSV download and the emailed CSV/xlsx report
 *   with a leading `'`; numbers stay numbers;
 * - sort/filter ids: `__proto__`, `constructor`, `toString` and unknown ids on every documented
 *   route that takes `sorting` → 400 in the API's error shape, never 500 or silently ignored;
 * - the sandbox consent page accepts only the portal's own callback URL as `redirect_uri`.
 * (Leading tabs and carriage returns cannot reach stored text over HTTP — every text field is
 * trimmed — so those are checked on the writer itself: test/unit/spreadsheet-writers.test.ts.)
 */

/**
 * The cells each CSV route must write escaped, by the end of its path template. Every `/csv` route
 * the portal documents must be listed here (or in `csvRoutesWithoutAttackerText`), so a new export
 * is attacked too.
 */
const csvRoutePayloads: Record<string, string[]> = {
  '/campaigns/{campaign_id}/vehicles/csv': [payload.stockNumber],
  '/campaigns/dyd/{campaign_id}/vehicles/csv': [payload.stockNumber],
  '/campaigns/display/{campaign_id}/creatives/csv': [payload.creativeName],
  '/campaigns/display/{campaign_id}/site-list/csv': [payload.site],
  '/campaigns/search/{campaign_id}/keywords/csv': [payload.keyword],
  '/campaigns/search/{campaign_id}/calls/csv': [payload.caller],
  '/campaigns/{campaign_id}/leads/csv': [payload.leadType, payload.contact, payload.status],
};
/**
 * CSV routes whose text cells an ingestion file cannot set first: FBD vehicles (the description
 * starts with the model year) and self-service products (names from the ad platform, for
 * self-service campaigns only). They are still read and checked for unescaped formulas.
 */
const csvRoutesWithoutAttackerText = [
  '/campaigns/fbd/{campaign_id}/vehicles/csv',
  '/campaigns/self-service/{campaign_id}/products/csv',
  ...adminCsvRoutes(),
];

/** CSV routes of agency administrators and staff (issue 23: the agency overview, the audit logs), read here as staff. */
function adminCsvRoutes() {
  return ['/overview/csv', '/audit-log/csv'];
}

/** The attachments of a raw .eml file (nodemailer's MIME: base64 parts with a filename). */
function attachmentsOf(eml: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const part of eml.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head = '', ...body] = part.split(/\r?\n\r?\n/);
    const name = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (!name || !/content-transfer-encoding:\s*base64/i.test(head)) continue;
    found.set(
      name,
      Buffer.from(
        body
          .join('')
          .replace(/--[\s\S]*$/, '')
          .replace(/\s+/g, ''),
        'base64',
      ),
    );
  }
  return found;
}

/** Waits (the job runs in the background) until the outbox holds `count` more .eml files; returns the new ones. */
async function newEmails(outbox: string, known: Set<string>, count: number): Promise<string[]> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const names = await fs.readdir(outbox).catch(() => [] as string[]);
    const fresh = names.filter((n) => n.endsWith('.eml') && !known.has(n));
    if (fresh.length >= count) return Promise.all(fresh.map((n) => fs.readFile(path.join(outbox, n), 'utf8')));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no report email arrived in ${outbox}`);
}

describe('black box: injection (issue 18, items 5, 6, 9)', () => {
  let portal: Portal;
  let dealer: PortalSession;
  let staff: PortalSession;
  let tenant: string;
  beforeAll(async () => {
    portal = await startPortal();
    await ingest(await portal.signIn('staff@demo.test'));
    dealer = await portal.signIn('dealer@demo.test');
    staff = await portal.signIn('staff@demo.test');
    tenant = `/api/agencies/${dealer.user.organization_id}/dealership/${DEALERSHIP}`;
  });
  afterAll(async () => {
    await portal?.stop();
  });

  const fill = (template: string) =>
    template
      .replace('{organization_id}', String(dealer.user.organization_id))
      .replace('{dealership_id}', String(DEALERSHIP))
      .replace('{campaign_id}', String(CAMPAIGN));

  it('escapes formula text in every CSV download the portal documents; numbers stay numbers', async () => {
    const csvRoutes = (await portal.routes()).filter((r) => r.method === 'GET' && r.path.endsWith('/csv'));
    expect(csvRoutes.length).toBeGreaterThanOrEqual(8);
    const known = [...Object.keys(csvRoutePayloads), ...csvRoutesWithoutAttackerText];
    for (const route of csvRoutes) {
      const suffix = known.find((k) => route.path.endsWith(k));
      expect(suffix, `${route.path}: a CSV route this test does not attack; add it`).toBeDefined();
      const query = new URLSearchParams(RANGE).toString();
      const admin = adminCsvRoutes().includes(suffix!);
      // The overview takes startDate/endDate; the audit logs default to every row.
      const adminQuery = `?startDate=${RANGE.start_date}&endDate=${RANGE.end_date}`;
      const response = await (admin ? staff : dealer).fetch(
        `${fill(route.path)}${admin ? (suffix === '/overview/csv' ? adminQuery : '') : `?${query}`}`,
      );
      if (suffix === '/campaigns/self-service/{campaign_id}/products/csv') {
        // The fixture is a managed campaign; the route must refuse it rather than write a file.
        expect(response.status, route.path).toBe(404);
        continue;
      }
      expect(response.status, route.path).toBe(200);
      const rows = parse(await response.text(), { relax_column_count: false }) as string[][];
      expect(rows.length, route.path).toBeGreaterThan(1);
      for (const cell of rows.flat())
        expect(FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell), `${route.path}: ${cell}`).toBe(false);
      for (const text of csvRoutePayloads[suffix!] ?? []) expect(rows.flat(), route.path).toContain(`'${text}`);
    }
    const keywords = parse(
      await (
        await dealer.fetch(`${tenant}/campaigns/search/${CAMPAIGN}/keywords/csv?${new URLSearchParams(RANGE)}`)
      ).text(),
    ) as string[][];
    expect(keywords.flat()).toContain(NEGATIVE_KEYWORD);
    expect(keywords.flat()).not.toContain(`'${NEGATIVE_KEYWORD}`);
  });

  it('escapes formula text in the emailed xlsx and csv of a one-off report job; numbers stay numbers', async () => {
    const outbox = path.join(portal.dataDir, 'outbox');
    const before = new Set(await fs.readdir(outbox).catch(() => [] as string[]));
    for (const reportFormat of ['xlsx', 'csv'] as const) {
      const response = await dealer.fetch(`${tenant}/campaigns/report-generator`, {
        method: 'POST',
        json: {
          // A recipient the portal accepts (issue 18 item 8): the signed-in dealership user.
          email: 'dealer@demo.test',
          campaigns: [CAMPAIGN],
          metrics: { campaign: true, impressions: true, clicks: true },
          conversions: {},
          reportFormat,
          period: 'last_month',
        },
      });
      expect(response.status, await response.clone().text()).toBe(202);
    }
    const attachments = new Map<string, Buffer>();
    for (const eml of await newEmails(outbox, before, 2))
      for (const [name, content] of attachmentsOf(eml)) attachments.set(name, content);

    const xlsxName = [...attachments.keys()].find((n) => n.endsWith('.xlsx'));
    const csvName = [...attachments.keys()].find((n) => n.endsWith('.csv'));
    expect(xlsxName).toBeDefined();
    expect(csvName).toBeDefined();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(attachments.get(xlsxName!)! as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // The agency's name row (issue 20 §4), the title, an empty row, then the header: found by its names.
    let headerRow = 0;
    sheet.eachRow((r, number) => {
      const values = (r.values as unknown[]).slice(1);
      if (!headerRow && values.includes('Campaign') && values.includes('Impressions')) headerRow = number;
    });
    expect(headerRow).toBeGreaterThan(0);
    const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1);
    const row = sheet.getRows(headerRow + 1, sheet.rowCount - headerRow)!.find((r) => r.getCell(1).value === CAMPAIGN)!;
    expect(row).toBeDefined();
    expect(row.getCell(headers.indexOf('Campaign') + 1).value).toBe(`'${payload.campaignName}`);
    expect(row.getCell(headers.indexOf('Impressions') + 1).value).toBe(1000);
    sheet.eachRow((r) =>
      r.eachCell((cell) => {
        if (typeof cell.value === 'string') expect(FORMULA_START.test(cell.value), cell.value).toBe(false);
      }),
    );

    const csv = parse(attachments.get(csvName!)!) as string[][];
    const csvRow = csv.find((r) => r[0] === String(CAMPAIGN))!;
    expect(csvRow).toBeDefined();
    expect(csvRow[csv[0]!.indexOf('Campaign')]).toBe(`'${payload.campaignName}`);
    expect(csvRow[csv[0]!.indexOf('Impressions')]).toBe('1000');
  });

  it('answers 400 in the error shape for prototype and unknown sort/filter ids on every sortable route', async () => {
    const document = (await (await portal.fetch('/api/docs/json')).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    const sortable = Object.entries(document.paths).flatMap(([template, operations]) =>
      Object.entries(operations)
        .filter(
          ([method, op]) => method === 'get' && op.parameters?.some((p) => p.in === 'query' && p.name === 'sorting'),
        )
        .map(([, op]) => ({
          template,
          names: new Set(op.parameters!.filter((p) => p.in === 'query').map((p) => p.name)),
        })),
    );
    // The managed list, the self-service list and products (+csv), and the report tables (+csv).
    expect(sortable.length).toBeGreaterThanOrEqual(18);
    for (const { template, names } of sortable) {
      expect(names.has('filters') || template.includes('self-service'), template).toBe(true);
      const base = new URLSearchParams(
        names.has('startDate') ? { startDate: RANGE.start_date, endDate: RANGE.end_date } : RANGE,
      );
      const url = fill(template);
      const valid = await dealer.fetch(`${url}?${base}`);
      expect([200, 404], `${template} without sorting`).toContain(valid.status);
      for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'no_such_column']) {
        const attacks = [
          ['sorting', [{ id, desc: false }]],
          ['filters', [{ id, value: 'x' }]],
        ] as const;
        for (const [name, value] of attacks) {
          const query = new URLSearchParams(base);
          query.set(name, JSON.stringify(value));
          const response = await dealer.fetch(`${url}?${query}`);
          expect(response.status, `${template} ${name} ${id}`).toBe(400);
          const body = errorResponseSchema.parse(await response.json());
          expect(body.error.code).toBe('VALIDATION_FAILED');
          expect(
            body.error.details?.some((d) => d.path.startsWith(`query.${name}`)),
            `${template} ${name} ${id}`,
          ).toBe(true);
        }
      }
    }
  });

  it('serves the sandbox consent page only for the portal’s own callback URL', async () => {
    const agency = await portal.signIn('agency@demo.test');
    const own = `${portal.url}/api/platforms/oauth/callback`;
    const consent = (redirectUri: string) =>
      agency.fetch(
        `/api/platforms/sandbox/authorize?${new URLSearchParams({ vendor_id: '1', state: 'abc', redirect_uri: redirectUri })}`,
      );
    const ownUrl = new URL(portal.url);
    const refused = [
      'https://evil.example/api/platforms/oauth/callback',
      'javascript:alert(document.cookie)//api/platforms/oauth/callback',
      `${ownUrl.protocol}//${ownUrl.hostname}:1/api/platforms/oauth/callback`,
      `${ownUrl.protocol}//localhost:${ownUrl.port}/api/platforms/oauth/callback`,
      `https://${ownUrl.host}/api/platforms/oauth/callback`,
      `${own}/../../evil`,
      `//evil.example/api/platforms/oauth/callback`,
    ];
    for (const redirectUri of refused) {
      const response = await consent(redirectUri);
      expect(response.status, redirectUri).toBe(400);
      expect(errorResponseSchema.parse(await response.json()).error.code).toBe('BAD_REQUEST');
    }
    const page = await consent(own);
    expect(page.status).toBe(200);
    const hrefs = [...(await page.text()).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(hrefs).toHaveLength(2);
    for (const href of hrefs) expect(href.startsWith(`${own}?`), href).toBe(true);

    // The real flow hands the platform the same URL (the connect call's authorize URL).
    const connect = await agency.fetch(`/api/agencies/${agency.user.organization_id}/dsp/platforms/1/connect`, {
      method: 'POST',
      json: { dealership_id: DEALERSHIP },
    });
    expect(connect.status).toBe(200);
    const { authorize_url } = (await connect.json()) as { authorize_url: string };
    expect(new URL(authorize_url, portal.url).searchParams.get('redirect_uri')).toBe(own);
  });
});
