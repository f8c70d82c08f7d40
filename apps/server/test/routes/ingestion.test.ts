import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignDailyMetrics, managedCampaigns } from '../../src/db/schema';
import { ingestFolder } from '../../src/ingestion';
import { build, login, writeFiles, type TestContext, authHeaders } from '../helper';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const CAMPAIGN_HEADER =
  'client_campaign_id,dealership_id,client_campaign_display_name,vendor_campaign_name,campaign_status,start_date,end_date,product_code,product_name,campaign_type,vendor,budget,demand_local_net,booked_impressions,show_roas,show_site_list,show_ad_previews';
const METRICS_HEADER = 'client_campaign_id,date,impressions,clicks,views,reach,spend,conversions,sales,calls,leads';
const campaignLine = (id: number, name = 'Ingest test') =>
  `${id},101,${name},,active,2026-11-01,2026-11-30,SEM,Search Engine Marketing,search,Google Ads,2500.00,2000.00,100000,0,0,0`;

async function metricsCount(campaignId: number) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(campaignDailyMetrics)
    .where(eq(campaignDailyMetrics.campaignId, campaignId));
  return row!.n;
}

describe('ingestion', () => {
  it('a bad row rejects the whole set of files, listing every error by file, line and column', async () => {
    const dir = await writeFiles({
      'campaigns.csv': `${CAMPAIGN_HEADER}\n${campaignLine(880001)}\n${campaignLine(880002).replace('SEM', 'XYZ')}\n`,
      'campaign_daily_metrics.csv': `${METRICS_HEADER}\n880001,2026-11-02,100,5,0,,0,0,0,0,0\n880001,2026-11-31,100,-5,0,,0,0,0,0,0\n880001,2026-11-03,abc,1,0,,0,0,0,0,0\n`,
    });
    const outcome = await ingestFolder(t.database.db, dir);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const summary = outcome.errors.map((e) => `${e.file}:${e.line}:${e.column}`);
    expect(summary).toEqual(
      expect.arrayContaining([
        'campaigns.csv:3:product_code',
        'campaign_daily_metrics.csv:3:date',
        'campaign_daily_metrics.csv:3:clicks',
        'campaign_daily_metrics.csv:4:impressions',
      ]),
    );
    const [loaded] = await t.database.db
      .select({ n: count() })
      .from(managedCampaigns)
      .where(eq(managedCampaigns.id, 880001));
    expect(loaded!.n).toBe(0);
    expect(await metricsCount(880001)).toBe(0);
  });

  it('refuses unknown files and columns, duplicate keys and references to missing campaigns', async () => {
    const dir = await writeFiles({
      'budgets.csv': 'a,b\n1,2\n',
      'campaign_placements.csv':
        'client_campaign_id,date,placement,impressions,clicks,color\n880003,2026-11-02,App,1,0,red\n',
      'campaign_daily_metrics.csv': `${METRICS_HEADER}\n880004,2026-11-02,1,0,0,,0,0,0,0,0\n880004,2026-11-02,2,0,0,,0,0,0,0,0\n`,
    });
    const outcome = await ingestFolder(t.database.db, dir);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const messages = outcome.errors.map((e) => `${e.file}:${e.line ?? ''}:${e.message}`).join('\n');
    expect(messages).toMatch(/budgets\.csv::Unknown file/);
    expect(messages).toMatch(/campaign_placements\.csv:2:Unknown column 'color'/);
    expect(messages).toMatch(/campaign_daily_metrics\.csv:3:Duplicate of line 2/);

    const missingRef = await ingestFolder(
      t.database.db,
      await writeFiles({ 'campaign_daily_metrics.csv': `${METRICS_HEADER}\n880099,2026-11-02,1,0,0,,0,0,0,0,0\n` }),
    );
    expect(missingRef.ok).toBe(false);
    if (!missingRef.ok)
      expect(missingRef.errors[0]).toMatchObject({
        line: 2,
        column: 'client_campaign_id',
        message: 'Campaign 880099 does not exist',
      });
  });

  it('numbers errors by physical line alike in plain files and in files with quotes, CRLF and empty lines', async () => {
    const rows = ['880001,2026-11-02,1,0,0,,0,0,0,0,0', '', '880001,2026-11-03,x,0,0,,0,0,0,0,0'];
    const variants = {
      plain: `${METRICS_HEADER}\n${rows.join('\n')}\n`,
      crlf: `${METRICS_HEADER}\r\n${rows.join('\r\n')}\r\n`,
      quoted: `${METRICS_HEADER}\n${rows.join('\n').replace('2026-11-02', '"2026-11-02"')}\n`,
    };
    for (const [variant, content] of Object.entries(variants)) {
      const outcome = await ingestFolder(t.database.db, await writeFiles({ 'campaign_daily_metrics.csv': content }));
      expect(outcome.ok, variant).toBe(false);
      if (!outcome.ok)
        expect(
          outcome.errors.map((e) => `${e.line}:${e.column}`),
          variant,
        ).toEqual(['4:impressions']);
    }
    // A quoted cell spanning two lines: the rows after it keep their physical line numbers.
    const multiline = `${CAMPAIGN_HEADER}\n${campaignLine(880011, '"Two\nlines"')}\n${campaignLine(880012).replace('SEM', 'XYZ')}\n`;
    const outcome = await ingestFolder(t.database.db, await writeFiles({ 'campaigns.csv': multiline }));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.errors.map((e) => `${e.line}:${e.column}`)).toEqual(['4:product_code']);
  });

  it('refuses malformed CSV and non-UTF-8 content whole', async () => {
    const dir = await writeFiles({
      'campaign_daily_metrics.csv': `${METRICS_HEADER}\n880001,2026-11-02,"unterminated\n`,
    });
    const outcome = await ingestFolder(t.database.db, dir);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.errors[0]!.message).toMatch(/Malformed CSV/);
    const latin1 = await writeFiles({ 'dmas.csv': 'x' });
    await (
      await import('node:fs/promises')
    ).writeFile(`${latin1}/dmas.csv`, Buffer.from([0x64, 0x6d, 0x61, 0xe9, 0x0a]));
    const bad = await ingestFolder(t.database.db, latin1);
    expect(bad.ok).toBe(false);
  });

  it('refuses truncated, UTF-16 and mixed-encoding files whole, by line, and loads nothing of the set', async () => {
    const before = await metricsCount(101001);
    const good = `${METRICS_HEADER}\n880101,2026-11-02,10,1,0,,0,0,0,0,0\n`;
    const cases: Array<{ content: Buffer; line: number | null; message: RegExp }> = [
      // Cut in the middle of its last row.
      { content: Buffer.from(`${good}880101,2026-11-03,10,1`), line: 3, message: /Malformed CSV|column/i },
      {
        content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(good, 'utf16le')]),
        line: null,
        message: /UTF-16/,
      },
      // UTF-8 with one Windows-1252 'é' on line 3.
      {
        content: Buffer.concat([
          Buffer.from(`${good}880101,2026-11-04,1`),
          Buffer.from([0xe9]),
          Buffer.from(',1,0,,0,0,0,0,0\n'),
        ]),
        line: 3,
        message: /not valid UTF-8/,
      },
      { content: Buffer.from(`${good}880101,2026-11-05,1\u0000,1,0,,0,0,0,0,0\n`), line: 3, message: /NUL/ },
      { content: Buffer.from(`${good}\uFEFF${good}`), line: 3, message: /byte order mark/ },
    ];
    for (const { content, line, message } of cases) {
      const dir = await writeFiles({ 'campaigns.csv': `${CAMPAIGN_HEADER}\n${campaignLine(880101)}\n` });
      await (await import('node:fs/promises')).writeFile(`${dir}/campaign_daily_metrics.csv`, content);
      const outcome = await ingestFolder(t.database.db, dir);
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.errors[0]).toMatchObject({ file: 'campaign_daily_metrics.csv', line });
      expect(outcome.errors[0]!.message).toMatch(message);
    }
    // Nothing of any set was loaded: not the good campaigns file, not the good rows before the fault.
    const [campaign] = await t.database.db.select().from(managedCampaigns).where(eq(managedCampaigns.id, 880101));
    expect(campaign).toBeUndefined();
    expect(await metricsCount(880101)).toBe(0);
    expect(await metricsCount(101001)).toBe(before);
  });

  it('loads good files, and loading the same files again changes nothing', async () => {
    const files = {
      'campaigns.csv': `${CAMPAIGN_HEADER}\n${campaignLine(880010, 'Idempotent SEM')}\n`,
      'campaign_daily_metrics.json': JSON.stringify([
        {
          client_campaign_id: 880010,
          date: '2026-11-02',
          impressions: 1000,
          clicks: 25,
          views: 0,
          reach: null,
          spend: 12.5,
          conversions: 1,
          sales: 0,
          calls: 2,
          leads: 0,
        },
        { client_campaign_id: 880010, date: '2026-11-03', impressions: 2000, clicks: 30 },
      ]),
    };
    const first = await ingestFolder(t.database.db, await writeFiles(files));
    expect(first.ok).toBe(true);
    const snapshot = async () =>
      t.database.db
        .select()
        .from(campaignDailyMetrics)
        .where(eq(campaignDailyMetrics.campaignId, 880010))
        .orderBy(campaignDailyMetrics.date);
    const before = await snapshot();
    expect(before.map((r) => [r.date, r.impressions, r.clicks, r.spend, r.dealershipId])).toEqual([
      ['2026-11-02', 1000, 25, 12.5, 101],
      ['2026-11-03', 2000, 30, 0, 101],
    ]);
    // The row versions (xmin): on PostgreSQL an unchanged row is not rewritten, a changed one is.
    const versions = async () =>
      t.database.pool
        ? (
            await t.database.pool.query<{ date: string; xmin: string }>(
              'select date::text as date, xmin::text as xmin from campaign_daily_metrics where campaign_id = 880010 order by date',
            )
          ).rows
        : [];
    const versionsBefore = await versions();
    const second = await ingestFolder(t.database.db, await writeFiles(files));
    expect(second.ok).toBe(true);
    expect(await snapshot()).toEqual(before);
    if (t.database.kind === 'postgres') {
      expect(await versions()).toEqual(versionsBefore);
      const changed = JSON.parse(files['campaign_daily_metrics.json']) as Array<Record<string, unknown>>;
      changed[1]!.clicks = 31;
      const third = await ingestFolder(
        t.database.db,
        await writeFiles({ 'campaign_daily_metrics.json': JSON.stringify(changed) }),
      );
      expect(third.ok).toBe(true);
      const after = await versions();
      expect(after[0]).toEqual(versionsBefore[0]);
      expect(after[1]!.xmin).not.toBe(versionsBefore[1]!.xmin);
      expect((await snapshot()).map((r) => r.clicks)).toEqual([25, 31]);
    }
  });

  it('POST /api/admin/ingest loads files for platform staff, 403 for others, 422 with errors for bad files', async () => {
    const staff = await login(t.app, 'staff@demo.test');
    const agency = await login(t.app, 'agency@demo.test');
    const form = (name: string, content: string) => {
      const data = new FormData();
      data.append('file', new Blob([content], { type: 'text/csv' }), name);
      return data;
    };
    const good = form('campaigns.csv', `${CAMPAIGN_HEADER}\n${campaignLine(880020, 'Uploaded SEM')}\n`);
    const send = async (cookie: string, payload: FormData) => {
      const request = new Request('http://localhost/api/admin/ingest', { method: 'POST', body: payload });
      const body = Buffer.from(await request.arrayBuffer());
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/ingest',
        headers: { ...authHeaders(cookie), 'content-type': request.headers.get('content-type')! },
        payload: body,
      });
    };
    expect((await send(agency, good)).statusCode).toBe(403);
    const ok = await send(
      staff,
      form('campaigns.csv', `${CAMPAIGN_HEADER}\n${campaignLine(880020, 'Uploaded SEM')}\n`),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ files: [{ file: 'campaigns.csv', entity: 'campaigns', rows: 1 }] });
    const bad = await send(
      staff,
      form('campaigns.csv', `${CAMPAIGN_HEADER}\n${campaignLine(880021).replace('2026-11-01', 'yesterday')}\n`),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.files[0]).toMatchObject({ file: 'campaigns.csv', line: 2, column: 'start_date' });
  });
});
