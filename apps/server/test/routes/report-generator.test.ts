import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsDate } from '../../src/lib/csv';
import { createMailer } from '../../src/lib/mail';
import { REPORT_DELIVERY_QUEUE, reportJobDefinitions, type ReportDeliveryJob } from '../../src/jobs/report-jobs';
import { startJobWorkers } from '../../src/jobs/workers';
import { build, login, readDemoFile, type TestContext, authHeaders } from '../helper';
import { addEmailDomain } from '../../src/repositories/reports/recipients';

/** A local SMTP server (smtp-server) that keeps every message it receives. */
const received: Array<{ to: string[]; raw: string }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
      callback();
    });
  },
});

/** The decoded attachments of a raw MIME message (nodemailer writes them base64). */
function attachmentsOf(raw: string): Array<{ filename: string; content: Buffer }> {
  const boundaries = [...raw.matchAll(/boundary="?([^"\r\n;]+)"?/g)].map((m) => m[1]!);
  const parts = boundaries.flatMap((b) => raw.split(`--${b}`));
  return parts
    .filter((part) => /Content-Disposition: attachment/i.test(part))
    .map((part) => {
      const filename = /filename="?([^"\r\n]+)"?/i.exec(part)![1]!;
      const body = part
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n')
        .replace(/[^A-Za-z0-9+/=]/g, '');
      return { filename, content: Buffer.from(body, 'base64') };
    });
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 30_000) {
  for (let waited = 0; waited < ms; waited += 100) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  // Port 0: the system picks a free port, so parallel runs never collide.
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await build({
    reports: {
      mailer: createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
        from: 'Portal <reports@portal.test>',
        outboxDir: '/nonexistent',
      }),
      // A service account whose sheets were never shared: every write is refused (403), as Google does.
      sheets: {
        serviceAccountEmail: 'reports@portal-test.iam.gserviceaccount.com',
        canAccess: async () => false,
        async writeRows() {
          throw Object.assign(new Error('The caller does not have permission'), { status: 403 });
        },
      },
    },
  });
  await startJobWorkers(t.app, { work: true, definitions: reportJobDefinitions });
  // Reports go to the tenant's users or to a domain the agency allows (docs/reports.md).
  await addEmailDomain(t.database.db, { organizationId: 1, domain: 'dealer.test' });
  cookie = await login(t.app, 'dealer@demo.test');
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const base = '/api/agencies/1/dealership/101';

describe('POST .../campaigns/report-generator', () => {
  // TEST_TODAY 2026-11-15: the 3 previous full months are 2026-08-01 … 2026-10-31.
  const period = { startDate: '2026-08-01', endDate: '2026-10-31' };
  const campaigns = readDemoFile('campaigns').filter(
    (c) => c.dealership_id === '101' && c.start_date! <= period.endDate && c.end_date! >= period.startDate,
  );

  it('answers the validation texts of spec 001 §5', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/campaigns/report-generator`,
      headers: authHeaders(cookie),
      payload: { email: 'nope', campaigns: [], metrics: {}, reportFormat: null, period: null },
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().error.details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Invalid email address', 'Report format is required', 'Period is required']),
    );
  });

  it('refuses a campaign of another dealership', async () => {
    const other = readDemoFile('campaigns').find((c) => c.dealership_id !== '101')!;
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/campaigns/report-generator`,
      headers: authHeaders(cookie),
      payload: {
        email: 'buyer@dealer.test',
        campaigns: [Number(other.client_campaign_id)],
        metrics: { impressions: true },
        reportFormat: 'xlsx',
        period: 'last_3_months',
      },
    });
    expect(response.statusCode).toBe(400);
  });

  it('emails an xlsx whose rows hold the period’s numbers of the selected metrics', async () => {
    expect(campaigns.length).toBeGreaterThan(0);
    const ids = campaigns.map((c) => Number(c.client_campaign_id));
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/campaigns/report-generator`,
      headers: authHeaders(cookie),
      payload: {
        email: 'buyer@dealer.test',
        campaigns: ids,
        metrics: { impressions: true, clicks: true, start_date: true, views: true, ctr: false },
        conversions: {},
        reportFormat: 'xlsx',
        sheet_url: '',
        period: 'last_3_months',
        recurring: false,
        recurring_interval: { type: null, day: null },
        dealership_id: 101,
        organization_id: 1,
      },
    });
    expect(response.statusCode).toBe(202);
    await waitFor(() => received.some((m) => m.to.includes('buyer@dealer.test')));
    const message = received.find((m) => m.to.includes('buyer@dealer.test'))!;
    const [attachment] = attachmentsOf(message.raw);
    expect(attachment!.filename).toMatch(/_2026-08-01_2026-10-31\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(attachment!.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // The agency's name (issue 20 §4), a title (dealership, period), an empty row, then the header
    // (frozen with the title).
    expect(sheet.getRow(1).getCell(1).value).toBe('Demo Agency');
    expect(sheet.getRow(2).getCell(1).value).toMatch(/ campaign report$/);
    expect(sheet.getRow(3).getCell(1).value).toBe('Last 3 months: Aug 1 - Oct 31, 2026');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
    const header = (sheet.getRow(5).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Campaign ID',
      'Campaign',
      'Product',
      'Start Date',
      'Impressions',
      'Clicks',
      'Views',
      'Leads',
      'Sales',
    ]);
    const daily = readDemoFile('campaign_daily_metrics');
    // Counts with thousands separators; columns as wide as their longest value.
    expect(sheet.getRow(6).getCell(5).numFmt).toBe('#,##0');
    expect(sheet.getRow(6).getCell(1).numFmt).toBeUndefined();
    const names = sheet.getRows(6, sheet.rowCount - 5)!.map((row) => String(row.getCell(2).value));
    expect(sheet.getColumn(2).width).toBe(Math.min(60, Math.max(10, ...names.map((name) => name.length)) + 2));
    const bodyRows = sheet.getRows(6, sheet.rowCount - 5)!.map((row) => (row.values as unknown[]).slice(1));
    expect(bodyRows.map((row) => row[0]).sort()).toEqual([...ids].sort());
    for (const row of bodyRows) {
      const id = String(row[0]);
      const days = daily.filter(
        (d) => d.client_campaign_id === id && d.date! >= period.startDate && d.date! <= period.endDate,
      );
      const sum = (column: string) => days.reduce((total, d) => total + Number(d[column] || 0), 0);
      const source = campaigns.find((c) => c.client_campaign_id === id)!;
      expect(row).toEqual([
        Number(id),
        source.client_campaign_display_name,
        source.product_name,
        formatUsDate(source.start_date!),
        sum('impressions'),
        sum('clicks'),
        sum('views'),
        sum('leads'),
        sum('sales'),
      ]);
    }
  });

  it('report rows carry the additional metrics only with includeAdditionalMetrics=1', async () => {
    const url = `${base}/campaigns/report-rows?startDate=${period.startDate}&endDate=${period.endDate}&onlyFlights=1`;
    const without = await t.app.inject({
      method: 'GET',
      url: `${url}&includeAdditionalMetrics=0`,
      headers: authHeaders(cookie),
    });
    expect(without.statusCode).toBe(200);
    expect(without.json().data.length).toBe(campaigns.length);
    for (const row of without.json().data) expect(row).not.toHaveProperty('additional_metrics');
    const withExtra = await t.app.inject({
      method: 'GET',
      url: `${url}&includeAdditionalMetrics=1`,
      headers: authHeaders(cookie),
    });
    expect(withExtra.statusCode).toBe(200);
    const daily = readDemoFile('campaign_daily_metrics');
    for (const row of withExtra.json().data) {
      const id = String(row.client_campaign_id);
      const video25 = daily
        .filter((d) => d.client_campaign_id === id && d.date! >= period.startDate && d.date! <= period.endDate)
        .reduce((total, d) => total + Number(d.video_25 || 0), 0);
      const source = campaigns.find((c) => c.client_campaign_id === id)!;
      expect(row.additional_metrics).toMatchObject({
        video_25: video25,
        booked_impressions: source.booked_impressions ? Number(source.booked_impressions) : null,
      });
    }
  });

  it('writes the additional metrics into the file, and empty cells for metrics without data', async () => {
    const email = `extra-${Date.now()}@dealer.test`;
    const ids = campaigns.map((c) => Number(c.client_campaign_id));
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/campaigns/report-generator`,
      headers: authHeaders(cookie),
      payload: {
        email,
        campaigns: ids,
        metrics: {
          impressions: true,
          book_impressions: true,
          percent_delivered: true,
          '25_completion': true,
          '75_completion': true,
          viewability: true,
          impression_share_lost_to_rank: true,
        },
        reportFormat: 'xlsx',
        period: 'last_3_months',
      },
    });
    expect(response.statusCode).toBe(202);
    await waitFor(() => received.some((m) => m.to.includes(email)));
    const [attachment] = attachmentsOf(received.find((m) => m.to.includes(email))!.raw);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(attachment!.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(5).values as unknown[]).slice(1)).toEqual([
      'Campaign ID',
      'Campaign',
      'Product',
      'Impressions',
      'Booked Impressions',
      'Delivered (%)',
      '25% Completion',
      '75% Completion',
      'Viewability (%)',
      'Impression Share Lost to Rank (%)',
      'Leads',
      'Sales',
    ]);
    const daily = readDemoFile('campaign_daily_metrics');
    let withVideo = 0;
    for (let r = 6; r <= sheet.rowCount; r += 1) {
      const row = sheet.getRow(r);
      const id = String(row.getCell(1).value);
      const days = daily.filter(
        (d) => d.client_campaign_id === id && d.date! >= period.startDate && d.date! <= period.endDate,
      );
      const sum = (column: string) => days.reduce((total, d) => total + Number(d[column] || 0), 0);
      const source = campaigns.find((c) => c.client_campaign_id === id)!;
      const booked = source.booked_impressions ? Number(source.booked_impressions) : null;
      expect(row.getCell(4).value).toBe(sum('impressions'));
      expect(row.getCell(5).value ?? null).toBe(booked);
      // Delivered, to one decimal of a percent: a fraction with Excel's percent format.
      if (booked) {
        expect(Math.abs(Number(row.getCell(6).value) - sum('impressions') / booked)).toBeLessThanOrEqual(0.00051);
        expect(row.getCell(6).numFmt).toBe('0.00%');
      } else expect(row.getCell(6).value ?? null).toBeNull();
      expect(row.getCell(7).value).toBe(sum('video_25'));
      expect(row.getCell(8).value).toBe(sum('video_75'));
      if (sum('video_25') > 0) withVideo += 1;
      // Viewability and impression share lost to rank: no data in the portal, so empty cells.
      expect(row.getCell(9).value ?? null).toBeNull();
      expect(row.getCell(10).value ?? null).toBeNull();
    }
    expect(withVideo).toBeGreaterThan(0);
  });

  it('writes a csv attachment with one column per selected conversion tag', async () => {
    const tags = await t.app.inject({
      method: 'GET',
      url: `${base}/campaigns/report-tags`,
      headers: authHeaders(cookie),
    });
    expect(tags.statusCode).toBe(200);
    const tagNames: string[] = tags.json().data.map((d: { tag_name: string }) => d.tag_name);
    const conversions = readDemoFile('campaign_conversions');
    const ids = campaigns.map((c) => Number(c.client_campaign_id));
    const tag = tagNames[0];
    expect(tag).toBeDefined();
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/campaigns/report-generator`,
      headers: authHeaders(cookie),
      payload: {
        email: 'csv@dealer.test',
        campaigns: ids,
        metrics: { campaign: true },
        conversions: tag ? { [tag]: true } : {},
        reportFormat: 'csv',
        period: 'last_3_months',
      },
    });
    expect(response.statusCode).toBe(202);
    await waitFor(() => received.some((m) => m.to.includes('csv@dealer.test')));
    const [attachment] = attachmentsOf(received.find((m) => m.to.includes('csv@dealer.test'))!.raw);
    const lines = attachment!.content.toString().trim().split('\n');
    expect(lines[0]).toBe(['Campaign ID', 'Campaign', 'Product', 'Leads', 'Sales', ...(tag ? [tag] : [])].join(','));
    expect(lines).toHaveLength(ids.length + 1);
    if (tag) {
      for (const line of lines.slice(1)) {
        const id = line.split(',')[0]!;
        const expected = conversions
          .filter(
            (c) =>
              c.client_campaign_id === id &&
              c.tag_name === tag &&
              c.date! >= period.startDate &&
              c.date! <= period.endDate,
          )
          .reduce((total, c) => total + Number(c.count), 0);
        expect(Number(line.split(',').at(-1))).toBe(expected);
      }
    }
  });

  it('emails the month-over-month workbook to the signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/campaigns/month-over-month/excel`,
      headers: authHeaders(cookie),
      payload: { dateFilter: '3_month' },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'queued', email: 'dealer@demo.test' });
    await waitFor(() => received.some((m) => m.to.includes('dealer@demo.test')));
    const [attachment] = attachmentsOf(received.find((m) => m.to.includes('dealer@demo.test'))!.raw);
    expect(attachment!.filename).toMatch(/_Last_3_months_campaigns\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(attachment!.content as unknown as ArrayBuffer);
    const view = (
      await t.app.inject({
        method: 'GET',
        url: `${base}/campaigns/month-over-month?dateFilter=3_month`,
        headers: authHeaders(cookie),
      })
    ).json();
    expect(workbook.worksheets).toHaveLength(view.campaigns.length);
    const first = workbook.worksheets[0]!;
    // Named after the campaign (cut to Excel's 31 characters), titled with campaign and period.
    const fullName = `${view.campaigns[0].id} ${view.campaigns[0].name}`;
    if (fullName.length <= 31) expect(first.name).toBe(fullName);
    else expect(first.name).toMatch(new RegExp(`^${view.campaigns[0].id} .{1,28}…$`));
    // The agency's name first (issue 20 §4), then the campaign and the period.
    expect(first.getRow(1).getCell(1).value).toBe('Demo Agency');
    expect(first.getRow(2).getCell(1).value).toBe(`${view.campaigns[0].name} (${view.campaigns[0].product_code})`);
    expect(first.getRow(3).getCell(1).value).toMatch(/^Last 3 months: /);
    expect(first.getRow(5).getCell(1).value).toBe('Booking Month');
    expect(first.rowCount).toBe(view.campaigns[0].rows.length + 5);
    const impressionsColumn = (first.getRow(5).values as unknown[]).indexOf('Impressions');
    expect(first.getRow(6).getCell(impressionsColumn).value).toBe(view.campaigns[0].rows[0].impressions);
    expect(first.getRow(6).getCell(impressionsColumn).numFmt).toBe('#,##0');
    expect(new Set(workbook.worksheets.map((sheet) => sheet.name)).size).toBe(workbook.worksheets.length);
  });

  it('emails the user once, with the reason, when a one-off report fails its last retry', async () => {
    const email = `unshared-${Date.now()}@dealer.test`;
    const sheetUrl = 'https://docs.google.com/spreadsheets/d/1NeverSharedSheet0123456789/edit';
    // The job the route sends, with one fast retry instead of 4 with backoff.
    const jobId = await t.jobs.send(
      REPORT_DELIVERY_QUEUE,
      {
        kind: 'request',
        organizationId: 1,
        dealershipId: 101,
        today: '2026-11-15',
        request: {
          email,
          campaigns: campaigns.map((c) => Number(c.client_campaign_id)),
          metrics: { impressions: true },
          conversions: {},
          reportFormat: 'google_sheet',
          sheet_url: sheetUrl,
          period: 'last_3_months',
          recurring: false,
          recurring_interval: { type: null, day: null },
        },
      } as ReportDeliveryJob,
      { retryLimit: 1, retryDelay: 0, retryBackoff: false },
    );
    await waitFor(async () => (await t.jobs.getJobById(REPORT_DELIVERY_QUEUE, jobId!))?.state === 'failed');
    await waitFor(() => received.some((m) => m.to.includes(email)));
    // Both attempts failed; only the last one tells the user.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const notices = received.filter((m) => m.to.includes(email));
    expect(notices).toHaveLength(1);
    const text = notices[0]!.raw.replace(/=\r?\n/g, '');
    expect(text).toContain('Subject: Your campaign report could not be generated');
    expect(text).toContain(
      'We could not generate the campaign report (Last 3 months, Google sheet) you requested on 11/15/2026.',
    );
    expect(text).toContain(
      `Reason: The Google sheet ${sheetUrl} does not exist or is not shared with reports@portal-test.iam.gserviceaccount.com (it needs Editor access)`,
    );
    expect(attachmentsOf(notices[0]!.raw)).toEqual([]);
  });

  it('a job run again after its email went out does not email again (its process died before completing)', async () => {
    const email = `retried-${Date.now()}@dealer.test`;
    const delivery = reportJobDefinitions.find((d) => d.name === REPORT_DELIVERY_QUEUE)!;
    const task: ReportDeliveryJob = {
      kind: 'request',
      organizationId: 1,
      dealershipId: 101,
      today: '2026-11-15',
      request: {
        email,
        campaigns: campaigns.map((c) => Number(c.client_campaign_id)),
        metrics: { impressions: true },
        conversions: {},
        reportFormat: 'csv',
        period: 'last_3_months',
        recurring: false,
        recurring_interval: { type: null, day: null },
      },
    };
    const job = { id: '0a6c2f4e-5b1d-4c8e-9f70-1d2e3f405162', retryCount: 0, retryLimit: 4 };
    // The first attempt sends; pg-boss hands the same job out again (expired: its process was killed).
    await delivery.handler(t.app, task, job);
    await delivery.handler(t.app, task, { ...job, retryCount: 1 });
    // Another job with the same request is another report: it sends.
    await delivery.handler(t.app, task, { ...job, id: '1b7d3a5f-6c2e-4d9f-8a81-2e3f40516273' });
    const sent = received.filter((m) => m.to.includes(email));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.raw).toContain(`Message-ID: <${job.id}:report@campaign-portal>`);
    expect(sent[1]!.raw).toContain('Message-ID: <1b7d3a5f-6c2e-4d9f-8a81-2e3f40516273:report@campaign-portal>');
  });
});
