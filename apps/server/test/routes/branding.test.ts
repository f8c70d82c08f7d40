import { execFileSync } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contrastWithWhite,
  formatChange,
  formatKpiValue,
  freshnessLabel,
  previousPeriod,
  reportRequestSchema,
  updateAgencyBrandingBodySchema,
  type CampaignReportRow,
} from '@portal/contracts';
import { inArray, sql } from 'drizzle-orm';
import { campaignFreshness } from '../../src/db/schema';
import { createMailer } from '../../src/lib/mail';
import { deliverReport } from '../../src/jobs/report-jobs';
import { listReportRows } from '../../src/repositories/reports/report-rows';
import { rowTotals } from '../../src/reports/report-email';
import { authHeaders, build, login, type TestContext } from '../helper';

/** A minimal valid PNG of `w`×`h` pixels of one colour. */
function png(w = 4, h = 2): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.concat(
    Array.from({ length: h }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x33)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The parts of a raw MIME message, headers lower-cased, bodies decoded (quoted-printable or base64). */
function mimeParts(raw: string): Array<{ headers: Record<string, string>; body: Buffer }> {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = parseHeaders(head!);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const bodyText = rest.join('\n\n');
  if (!boundary) return [{ headers, body: decode(bodyText, headers['content-transfer-encoding']) }];
  return bodyText
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => mimeParts(part.replace(/^\r?\n/, '')));
}
function parseHeaders(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) out[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return out;
}
function decode(body: string, encoding = '7bit'): Buffer {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  if (/quoted-printable/i.test(encoding))
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  return Buffer.from(body);
}

let t: TestContext;
let outbox: string;
let admin: string;
let dealer: string;
let staff: string;
beforeAll(async () => {
  outbox = await fsp.mkdtemp(path.join(os.tmpdir(), 'portal-outbox-'));
  t = await build({
    reports: {
      mailer: createMailer({ from: 'Portal <reports@portal.test>', outboxDir: outbox }),
      sheets: null,
    },
  });
  admin = await login(t.app, 'agency@demo.test');
  dealer = await login(t.app, 'dealer@demo.test');
  staff = await login(t.app, 'staff@demo.test');
});
afterAll(async () => {
  await t.close();
  await fsp.rm(outbox, { recursive: true, force: true });
});

const settings = {
  display_name: 'Northwind Media',
  primary_color: '#5f3dc4',
  email_sender_name: 'Northwind Reports',
  email_reply_to: 'accounts@northwind.test',
  paper_size: 'a4',
};

describe('primary colour contrast (WCAG AA, white text)', () => {
  it('accepts dark colours and refuses light ones in the shared contract', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    const parse = (primary_color: string) =>
      updateAgencyBrandingBodySchema.safeParse({ ...settings, primary_color }).success;
    expect(parse('#5f3dc4')).toBe(true);
    expect(parse('#1864ab')).toBe(true);
    expect(parse('#ffd43b')).toBe(false); // yellow: about 1.4:1
    expect(parse('#339af0')).toBe(false); // light blue: about 2.9:1
    expect(parse('red')).toBe(false);
  });
});

describe('agency branding routes', () => {
  it('lets the administrator save the branding; the server refuses a light colour (400) and a dealership user (403)', async () => {
    const light = await t.app.inject({
      method: 'PUT',
      url: '/api/agencies/1/branding',
      headers: authHeaders(admin),
      payload: { ...settings, primary_color: '#ffec99' },
    });
    expect(light.statusCode).toBe(400);
    expect(JSON.stringify(light.json())).toContain('WCAG AA');

    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/agencies/1/branding',
      headers: authHeaders(dealer),
      payload: settings,
    });
    expect(denied.statusCode).toBe(403);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/agencies/1/branding',
      headers: authHeaders(admin),
      payload: settings,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...settings, organization_id: 1, logo_url: null });

    const read = await t.app.inject({ url: '/api/agencies/1/branding', headers: authHeaders(admin) });
    expect(read.json()).toMatchObject(settings);
  });

  it('takes a PNG logo checked by its bytes and size, refuses SVG and lies about the type', async () => {
    const upload = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/agencies/1/branding/logo', headers: authHeaders(admin), payload });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload({ content_type: 'image/png', data_base64: svg.toString('base64') })).statusCode).toBe(415);
    expect((await upload({ content_type: 'image/svg+xml', data_base64: svg.toString('base64') })).statusCode).toBe(400);
    expect((await upload({ content_type: 'image/jpeg', data_base64: png().toString('base64') })).statusCode).toBe(415);
    const big = Buffer.concat([png(), Buffer.alloc(520 * 1024)]);
    expect([400, 413]).toContain(
      (await upload({ content_type: 'image/png', data_base64: big.toString('base64') })).statusCode,
    );

    const ok = await upload({ content_type: 'image/png', data_base64: png().toString('base64') });
    expect(ok.statusCode).toBe(200);
    const logoUrl = ok.json().logo_url as string;
    expect(logoUrl).toMatch(/^\/api\/brands\/1\/logo\?v=[0-9a-f]{16}$/);

    // Public: the sign-in page and the shell read the brand and the logo without a session.
    const brand = await t.app.inject({ url: '/api/brands/northwind-media' });
    expect(brand.statusCode).toBe(404); // the slug is the agency's name, not the display name
    const byId = await t.app.inject({ url: '/api/brands/1' });
    expect(byId.json()).toMatchObject({
      organization_id: 1,
      name: 'Northwind Media',
      primary_color: '#5f3dc4',
      logo_url: logoUrl,
    });
    const bySlug = await t.app.inject({ url: `/api/brands/${byId.json().slug}` });
    expect(bySlug.json().organization_id).toBe(1);
    expect(Object.keys(bySlug.json()).sort()).toEqual(['logo_url', 'name', 'organization_id', 'primary_color', 'slug']);
    const image = await t.app.inject({ url: logoUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png())).toBe(true);
    expect((await t.app.inject({ url: '/api/brands/999999' })).statusCode).toBe(404);
  });

  it('account emails (an invitation) carry the agency’s sender name, reply-to and display name', async () => {
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/1/invitations',
      headers: authHeaders(admin),
      payload: { email: 'brand.invitee@dealer.test', name: 'Brand Invitee', role_id: 3, dealership_ids: [101] },
    });
    expect(invite.statusCode).toBe(201);
    const file = (await fsp.readdir(outbox)).find((name) => name.startsWith(`invitation-${invite.json().id}-`))!;
    const raw = await fsp.readFile(path.join(outbox, file), 'utf8');
    const top = parseHeaders(raw.split(/\r?\n\r?\n/)[0]!);
    expect(top.from).toBe('Northwind Reports <reports@portal.test>');
    expect(top['reply-to']).toContain('accounts@northwind.test');
    expect(mimeParts(raw)[0]!.body.toString('utf8')).toContain('Northwind Media');
  });

  it('lists agencies for staff only', async () => {
    const list = await t.app.inject({ url: '/api/admin/agencies', headers: authHeaders(staff) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((a: { id: number }) => a.id === 1)).toMatchObject({ id: 1 });
    expect((await t.app.inject({ url: '/api/admin/agencies', headers: authHeaders(admin) })).statusCode).toBe(403);
  });
});

describe('report emails (issue 20 §5)', () => {
  it('sends HTML and plain text with the KPIs and their change, the portal link, the attachment and the agency as sender', async () => {
    const rows = (
      range: { startDate: string; endDate: string },
      campaignIds?: number[],
    ): Promise<CampaignReportRow[]> =>
      listReportRows(t.database.db, {
        dealershipId: 101,
        ...range,
        onlyFlights: true,
        includeAdditionalMetrics: false,
        campaignIds,
      });
    const october = await rows({ startDate: '2026-10-01', endDate: '2026-10-31' });
    const ids = october.map((row) => row.client_campaign_id);
    const request = reportRequestSchema.parse({
      email: 'dealer@demo.test',
      campaigns: ids,
      metrics: { impressions: true, clicks: true },
      conversions: {},
      reportFormat: 'xlsx',
      period: 'last_month',
    });
    await deliverReport(t.app, {
      organizationId: 1,
      dealershipId: 101,
      userId: null,
      today: '2026-11-15',
      request,
      deliveryKey: 'branding-test',
    });
    const raw = await fsp.readFile(path.join(outbox, 'branding-test-report.eml'), 'utf8');
    const top = parseHeaders(raw.split(/\r?\n\r?\n/)[0]!);
    expect(top.from).toBe('Northwind Reports <reports@portal.test>');
    expect(top['reply-to']).toContain('accounts@northwind.test');
    const parts = mimeParts(raw);
    const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'))!.body.toString('utf8');
    const html = parts.find((p) => p.headers['content-type']?.startsWith('text/html'))!.body.toString('utf8');
    const xlsx = parts.find((p) => /attachment/i.test(p.headers['content-disposition'] ?? ''))!;
    const logo = parts.find((p) => /<agency-logo>/.test(p.headers['content-id'] ?? ''))!;
    expect(logo.body.equals(png())).toBe(true);
    expect(html).toContain('cid:agency-logo');

    // The numbers: sums of the same rows the report API serves, October against September.
    const now = rowTotals(october);
    // The previous period of equal length: 31 days before Oct 1 (Aug 31 – Sep 30).
    const previous = previousPeriod({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(previous).toEqual({ startDate: '2026-08-31', endDate: '2026-09-30' });
    const before = rowTotals(await rows(previous, ids));
    expect(now.impressions).toBeGreaterThan(0);
    const impressions = formatKpiValue('count', now.impressions);
    const change = formatChange(Math.round(((now.impressions - before.impressions) / before.impressions) * 1000) / 10);
    expect(text).toContain(`- Impressions: ${impressions} (${change} vs previous period)`);
    expect(text).toContain(`- CTR: ${formatKpiValue('percent', now.ctr)}`);
    expect(html).toContain(`>${impressions}</td>`);
    expect(html).toContain(change);

    const link =
      'http://localhost:3000/dashboard/agency/1/dealership/101/campaigns/list?startDate=2026-10-01&amp;endDate=2026-10-31';
    expect(html).toContain(`href="${link}"`);
    expect(text).toContain(link.replace('&amp;', '&'));
    expect(html).toContain('Northwind Media');
    expect(html).toContain('#5f3dc4');
    // The freshness stamp of those campaigns (issue 21 §1), the same the report header shows.
    const [fresh] = await t.database.db
      .select({
        through: sql<string>`max(${campaignFreshness.dataThrough})::text`,
        at: sql<string>`max(${campaignFreshness.arrivedAt})::text`,
      })
      .from(campaignFreshness)
      .where(inArray(campaignFreshness.campaignId, ids));
    const stamp = freshnessLabel(fresh!.through, new Date(fresh!.at), 'America/Chicago');
    expect(stamp).toMatch(/^Data through /);
    expect(text).toContain(`${stamp}.`);
    expect(html).toContain(`${stamp}.`);
    expect(html).toMatch(/<table role="presentation"/);

    // The xlsx carries the agency's name in its first row, on its colour.
    const filename = /filename="?([^";]+)"?/.exec(xlsx.headers['content-disposition']!)![1]!;
    expect(text).toContain(`Attached: ${filename}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Northwind Media');
    expect((sheet.getRow(1).getCell(1).fill as { fgColor?: { argb?: string } }).fgColor?.argb).toBe('FF5F3DC4');
  });

  it('the PDF cover carries the agency’s logo and display name, on its paper (A4)', async () => {
    const [row] = await listReportRows(t.database.db, {
      dealershipId: 101,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      onlyFlights: true,
      includeAdditionalMetrics: false,
    });
    const response = await t.app.inject({
      url: `/api/agencies/1/dealership/101/campaigns/${row!.client_campaign_id}/report.pdf?start_date=2026-10-01&end_date=2026-10-31`,
      headers: authHeaders(admin),
    });
    expect(response.statusCode).toBe(200);
    const file = path.join(outbox, 'branded.pdf');
    await fsp.writeFile(file, response.rawPayload);
    const images = execFileSync('pdfimages', ['-list', '-f', '1', '-l', '1', file]).toString();
    // The logo: the 4×2 PNG, on page 1.
    expect(images).toMatch(/^\s*1\s+\d+\s+image\s+4\s+2\s/m);
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-']).toString();
    expect(text).toContain('Northwind Media');
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Page size:.*\(A4\)/);
  });

  it('the month-over-month and agency overview PDFs carry the brand too', async () => {
    for (const url of [
      '/api/agencies/1/dealership/101/campaigns/month-over-month.pdf?dateFilter=3_month',
      '/api/agencies/1/overview.pdf?startDate=2026-10-01&endDate=2026-10-31',
    ]) {
      const response = await t.app.inject({ url, headers: authHeaders(admin) });
      expect(response.statusCode, url).toBe(200);
      const file = path.join(outbox, 'branded-other.pdf');
      await fsp.writeFile(file, response.rawPayload);
      expect(execFileSync('pdfimages', ['-list', '-f', '1', '-l', '1', file]).toString(), url).toMatch(
        /^\s*1\s+\d+\s+image\s+4\s+2\s/m,
      );
      expect(execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-']).toString(), url).toContain('Northwind Media');
    }
  });
});
