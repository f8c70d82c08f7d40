/**
 * `npm run bench`: the performance benchmark of docs/performance.md.
 *
 *   BENCH_SCALE=full|small (default full)   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/portal_bench)
 *   BENCH_REUSE=1 keeps an already generated database of the same scale; BENCH_ONLY=generate stops after step 1;
 *   BENCH_DROP=1 drops the database at the end (CI)
 *
 * 1. generates the data set into a fresh PostgreSQL database with COPY (rows per second per table),
 *    and times the product's own ingestion path on extra daily rows;
 * 2. starts the real server on it and a bare Fastify route, and loads every read endpoint the pages
 *    call with autocannon, each beside the bare route at the same body size;
 * 3. times the exports (server PDF vs Chromium printing the page, the large CSV) with peak memory;
 * 4. measures the web app: initial JS per route, time to numbers, Lighthouse performance.
 * Prints every figure and writes them to bench-results/{scale}.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { ingestBuffers } from '../src/ingestion';
import { buildMonthOverMonthWorkbook } from '../src/exports/reports/month-over-month-files';
import {
  BENCH_EMAIL,
  BENCH_ORGANIZATION_ID,
  BENCH_PASSWORD,
  ensureMomDealership,
  generateDataset,
  type BenchProbes,
} from './generate';
import { runLoad, type LoadFigures } from './load';
import { resolveScale } from './scale';
import { serverDir, startBare, startPortal, type RunningProcess } from './server-process';
import { chromiumPrintPdf, firstLoadJs, launchBrowser, lighthouseScore, timeToNumbers } from './web';

const scale = resolveScale();
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const PORTAL_PORT = Number(process.env.BENCH_PORT ?? 3790);
const BARE_PORT = PORTAL_PORT + 1;
const results: Record<string, unknown> = { scale: scale.name, startedAt: new Date().toISOString() };

const section = (title: string) => console.info(`\n## ${title}\n`);
const table = (header: string[], rows: Array<Array<string | number>>) => {
  console.info(`| ${header.join(' | ')} |`);
  console.info(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.info(`| ${row.join(' | ')} |`);
};
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function recreateDatabase(): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    if (process.env.BENCH_REUSE === '1') {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) {
        const probe = new pg.Client({ connectionString: databaseUrl });
        await probe.connect();
        try {
          const marker = await probe
            .query(`select value from system_state where key = 'bench_scale'`)
            .catch(() => null);
          if (marker?.rows[0]?.value === scale.name) return false;
        } finally {
          await probe.end();
        }
      }
    }
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
    return true;
  } finally {
    await admin.end();
  }
}

async function dropDatabase() {
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
  } finally {
    await admin.end();
  }
}

async function generate(): Promise<BenchProbes> {
  section(`Data set (${scale.name})`);
  const fresh = await recreateDatabase();
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  const probesFile = path.join(serverDir, '../../bench-results', `${scale.name}-probes.json`);
  try {
    if (!fresh && fs.existsSync(probesFile)) {
      console.info('reusing the generated database (BENCH_REUSE=1)');
      await database.migrate();
      const momDealershipId = await ensureMomDealership(database.pool!, scale);
      return { ...(JSON.parse(fs.readFileSync(probesFile, 'utf8')) as BenchProbes), momDealershipId };
    }
    await database.migrate();
    const generated = await generateDataset(database.pool!, scale);
    await ensureMomDealership(database.pool!, scale);
    table(
      ['table', 'rows', 'seconds', 'rows/s'],
      generated.tables.map((t) => [
        t.table,
        t.rows.toLocaleString('en-US'),
        t.seconds.toFixed(1),
        t.rowsPerSecond.toLocaleString('en-US'),
      ]),
    );
    console.info(`\n${generated.totalRows.toLocaleString('en-US')} rows in ${generated.seconds.toFixed(1)} s`);
    results.generate = generated;

    // The product's ingestion path (parse, validate, check references, upsert in one transaction).
    const campaigns = await database.pool!.query<{ id: number }>(
      'select id from managed_campaigns order by id limit $1',
      [Math.max(1, Math.ceil(scale.ingestionRows / 100))],
    );
    const lines = ['client_campaign_id,date,impressions,clicks,views,spend'];
    const first = Date.parse(generated.probes.startDate);
    outer: for (let day = 1; ; day++)
      for (const { id } of campaigns.rows) {
        if (lines.length > scale.ingestionRows) break outer;
        const date = new Date(first - day * 86_400_000).toISOString().slice(0, 10);
        lines.push(`${id},${date},${1000 + day},${day % 40},0,${(day * 0.5).toFixed(2)}`);
      }
    const started = performance.now();
    const outcome = await ingestBuffers(database.db, [
      { name: 'campaign_daily_metrics.csv', content: Buffer.from(lines.join('\n')) },
    ]);
    const seconds = (performance.now() - started) / 1000;
    if (!outcome.ok) throw new Error(`ingestion failed: ${JSON.stringify(outcome.errors.slice(0, 3))}`);
    const ingestion = { rows: lines.length - 1, seconds, rowsPerSecond: Math.round((lines.length - 1) / seconds) };
    results.ingestion = ingestion;
    console.info(
      `\nIngestion path (campaign_daily_metrics.csv through ingestBuffers): ${ingestion.rows.toLocaleString('en-US')} rows in ${seconds.toFixed(2)} s = ${ingestion.rowsPerSecond.toLocaleString('en-US')} rows/s`,
    );
    await database.pool!.query(
      `insert into system_state (key, value) values ('bench_scale', $1) on conflict (key) do update set value = excluded.value`,
      [scale.name],
    );
    fs.mkdirSync(path.dirname(probesFile), { recursive: true });
    fs.writeFileSync(probesFile, JSON.stringify(generated.probes));
    return generated.probes;
  } finally {
    await database.close();
  }
}

async function signIn(portal: RunningProcess): Promise<{ header: string; name: string; value: string }> {
  const response = await fetch(`${portal.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('portal_session='));
  const [pair] = cookie!.split(';');
  const [name, value] = pair!.split('=');
  return { header: pair!, name: name!, value: value! };
}

function endpoints(probes: BenchProbes) {
  const base = `/api/agencies/${BENCH_ORGANIZATION_ID}/dealership/${probes.dealershipId}/campaigns`;
  const range = `start_date=${probes.startDate}&end_date=${probes.endDate}`;
  const monthStart = `${probes.endDate.slice(0, 8)}01`;
  const table = `pageIndex=0&pageSize=10&${range}`;
  const { DYD, DSP, SEM, FBD, OTT } = probes.campaigns;
  return [
    {
      name: 'managed list',
      path: `${base}?startDate=${monthStart}&endDate=${probes.endDate}&pageIndex=0&pageSize=500`,
    },
    { name: 'managed summary', path: `${base}/summary?start_date=${monthStart}&end_date=${probes.endDate}` },
    { name: 'report DYD (display)', path: `${base}/${DYD}/report?${range}` },
    { name: 'report DSP (display)', path: `${base}/${DSP}/report?${range}` },
    { name: 'report SEM (search)', path: `${base}/${SEM}/report?${range}` },
    { name: 'report FBD (social)', path: `${base}/${FBD}/report?${range}` },
    { name: 'report OTT (video)', path: `${base}/${OTT}/report?${range}` },
    { name: 'DYD metrics', path: `${base}/display/dyd/${DYD}/metrics?${range}` },
    { name: 'vehicles', path: `${base}/dyd/${DYD}/vehicles?${table}` },
    { name: 'top vehicles', path: `${base}/dyd/${DYD}/top-vehicles?${range}` },
    { name: 'sites', path: `${base}/display/${DSP}/site-list?${table}` },
    { name: 'creatives', path: `${base}/display/${DSP}/creatives?${table}` },
    { name: 'conversions', path: `${base}/display/${DSP}/metrics/conversions?${range}` },
    { name: 'DMAs', path: `${base}/${DSP}/dmas?${range}` },
    { name: 'calls', path: `${base}/search/${SEM}/calls?${table}` },
  ];
}

async function loadEndpoints(portal: RunningProcess, bare: RunningProcess, cookie: string, probes: BenchProbes) {
  section(`HTTP load: ${scale.connections} connections, ${scale.durationSeconds} s per endpoint`);
  const rows: Array<{ name: string; bytes: number; endpoint: LoadFigures; bare: LoadFigures; ratio: number }> = [];
  for (const endpoint of endpoints(probes)) {
    const url = `${portal.url}${endpoint.path}`;
    console.info(`loading ${endpoint.name}…`);
    const probe = await fetch(url, { headers: { cookie } });
    if (!probe.ok) throw new Error(`${endpoint.name}: ${probe.status} ${await probe.text()}`);
    const bytes = (await probe.arrayBuffer()).byteLength;
    const options = { connections: scale.connections, duration: scale.durationSeconds };
    const figures = await runLoad(url, { ...options, headers: { cookie } });
    const ceiling = await runLoad(`${bare.url}/bare?bytes=${bytes}`, options);
    rows.push({
      name: endpoint.name,
      bytes,
      endpoint: figures,
      bare: ceiling,
      ratio: figures.requestsPerSecond / Math.max(1, ceiling.requestsPerSecond),
    });
  }
  table(
    [
      'endpoint',
      'bytes',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'req/s',
      'errors',
      'bare p95 ms',
      'bare req/s',
      'share of bare',
    ],
    rows.map((r) => [
      r.name,
      r.bytes,
      r.endpoint.p50,
      r.endpoint.p95,
      r.endpoint.p99,
      r.endpoint.requestsPerSecond,
      r.endpoint.errors + r.endpoint.non2xx + r.endpoint.timeouts,
      r.bare.p95,
      r.bare.requestsPerSecond,
      `${Math.round(r.ratio * 100)} %`,
    ]),
  );
  results.http = rows;
}

/** Peak resident memory of `process` above its level before `work`, sampled every 10 ms. */
async function withPeakMemory<T>(
  process: RunningProcess,
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; peakGrowthBytes: number }> {
  const before = process.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.rss())), 10);
  const started = performance.now();
  try {
    const value = await work();
    return {
      value,
      ms: Math.round(performance.now() - started),
      peakGrowthBytes: Math.max(0, Math.max(peak, process.rss()) - before),
    };
  } finally {
    clearInterval(timer);
  }
}

async function exportsAndWeb(
  portal: RunningProcess,
  cookie: { header: string; name: string; value: string },
  probes: BenchProbes,
) {
  section('Exports');
  const base = `${portal.url}/api/agencies/${BENCH_ORGANIZATION_ID}/dealership/${probes.dealershipId}/campaigns`;
  const range = `start_date=${probes.startDate}&end_date=${probes.endDate}`;
  const headers = { cookie: cookie.header };
  const fetchAll = async (url: string) => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    let bytes = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return bytes;
      bytes += value.length;
    }
  };
  console.info('timing the exports…');
  await fetchAll(`${base}/${probes.campaigns.DYD}/report.pdf?${range}`); // warm-up (fonts, chart code)
  const pdfRuns = [];
  for (let i = 0; i < 3; i++)
    pdfRuns.push(await withPeakMemory(portal, () => fetchAll(`${base}/${probes.campaigns.DYD}/report.pdf?${range}`)));
  pdfRuns.sort((a, b) => a.ms - b.ms);
  const pdf = pdfRuns[1]!;

  const browser = await launchBrowser();
  const reportPath = `/dashboard/agency/${BENCH_ORGANIZATION_ID}/dealership/${probes.dealershipId}/campaigns/dyd/${probes.campaigns.DYD}?startDate=${probes.startDate}&endDate=${probes.endDate}`;
  const session = { name: cookie.name, value: cookie.value };
  try {
    await chromiumPrintPdf(browser, {
      baseUrl: portal.url,
      cookie: session,
      path: reportPath,
      readySelector: '[data-ad-ready]',
    });
    const chromeRuns = [];
    for (let i = 0; i < 3; i++)
      chromeRuns.push(
        await chromiumPrintPdf(browser, {
          baseUrl: portal.url,
          cookie: session,
          path: reportPath,
          readySelector: '[data-ad-ready]',
        }),
      );
    chromeRuns.sort((a, b) => a.totalMs - b.totalMs);
    const chrome = chromeRuns[1]!;

    const csv = await withPeakMemory(portal, () =>
      fetchAll(`${base}/display/${probes.csvCampaignId}/site-list/csv?${range}`),
    );
    // Month over month: the data call, then the workbook the Excel export emails (built here with the
    // server's own function, as the delivery job does), and the PDF download.
    const momBase = `${portal.url}/api/agencies/${BENCH_ORGANIZATION_ID}/dealership/${probes.momDealershipId}/campaigns`;
    const dataStarted = performance.now();
    const momResponse = await fetch(`${momBase}/month-over-month?dateFilter=6_month`, { headers });
    if (!momResponse.ok) throw new Error(`month over month: ${momResponse.status}`);
    const momData = (await momResponse.json()) as Parameters<typeof buildMonthOverMonthWorkbook>[0];
    const dataMs = Math.round(performance.now() - dataStarted);
    const heapBefore = process.memoryUsage().heapUsed;
    const xlsxStarted = performance.now();
    const workbook = await buildMonthOverMonthWorkbook(momData);
    const mom = {
      dataMs,
      xlsx: {
        ms: Math.round(performance.now() - xlsxStarted),
        bytes: workbook.length,
        heapGrowthBytes: Math.max(0, process.memoryUsage().heapUsed - heapBefore),
      },
    };
    const momPdf = await withPeakMemory(portal, () => fetchAll(`${momBase}/month-over-month.pdf?dateFilter=6_month`));

    table(
      ['export', 'ms', 'peak memory growth MB', 'bytes'],
      [
        ['PDF of the DYD report (server, pdfmake)', pdf.ms, mb(pdf.peakGrowthBytes), pdf.value],
        ['same page printed by headless Chromium (navigate → data → page.pdf)', chrome.totalMs, '–', chrome.bytes],
        ['… of which page.pdf() alone', chrome.printMs, '–', ''],
        [
          `CSV of the ${scale.csvRows.toLocaleString('en-US')}-row site list (streamed)`,
          csv.ms,
          mb(csv.peakGrowthBytes),
          csv.value,
        ],
      ],
    );
    console.info(
      `\nServer PDF is ${(chrome.totalMs / Math.max(1, pdf.ms)).toFixed(1)}× faster than Chromium printing the page.`,
    );
    console.info(
      `Month over month, ${scale.momCampaigns} campaigns × 6 months: data ${mom.dataMs} ms, xlsx workbook ${mom.xlsx.ms} ms (${mb(mom.xlsx.bytes)} MB, heap growth ${mb(mom.xlsx.heapGrowthBytes)} MB), PDF ${momPdf.ms} ms.`,
    );
    results.exports = {
      pdf,
      chrome,
      csv,
      pdfSpeedup: chrome.totalMs / Math.max(1, pdf.ms),
      monthOverMonth: { ...mom, pdf: momPdf },
    };

    section('Web');
    // The list page's first numbers are its month-to-date cards (the summary call).
    const summaryResponse = await fetch(
      `${base}/summary?start_date=${probes.endDate.slice(0, 8)}01&end_date=${probes.endDate}`,
      {
        headers,
      },
    );
    const summary = (await summaryResponse.json()) as { impressions: number };
    const listNumber = summary.impressions.toLocaleString('en-US');
    const report = (await (await fetch(`${base}/${probes.campaigns.DYD}/report?${range}`, { headers })).json()) as {
      totals: { impressions: number };
    };
    const listPath = `/dashboard/agency/${BENCH_ORGANIZATION_ID}/dealership/${probes.dealershipId}/campaigns/list`;
    const runs = scale.name === 'full' ? 5 : 2;
    const reportNumber = report.totals.impressions.toLocaleString('en-US');
    const bundles = {
      login: await firstLoadJs(browser, { baseUrl: portal.url, path: '/login', readyText: 'Password' }),
      list: await firstLoadJs(browser, { baseUrl: portal.url, cookie: session, path: listPath, readyText: listNumber }),
      dyd: await firstLoadJs(browser, {
        baseUrl: portal.url,
        cookie: session,
        path: reportPath,
        readyText: reportNumber,
      }),
    };
    table(
      ['first visit to', 'script files', 'JS raw KB', 'JS gzip KB', 'budget'],
      Object.entries(bundles).map(([page, b]) => [
        page,
        b.files,
        (b.rawBytes / 1024).toFixed(1),
        (b.gzipBytes / 1024).toFixed(1),
        page === 'login' ? '≤ 200 KB' : page === 'list' ? '≤ 280 KB (target 200)' : '–',
      ]),
    );
    results.bundles = bundles;
    // Budgets that fail the run: the 200 KB target for sign-in; for the list, the measured size plus a
    // margin, so it cannot grow unnoticed while its gap to 200 KB stands (docs/performance.md).
    const budgetsKb = { login: 200, list: 280 } as const;
    const overBudget = (['login', 'list'] as const).filter((page) => bundles[page].gzipBytes > budgetsKb[page] * 1024);
    const toNumbers = {
      list: await timeToNumbers(browser, {
        baseUrl: portal.url,
        cookie: session,
        path: listPath,
        numberText: listNumber,
        runs,
      }),
      dyd: await timeToNumbers(browser, {
        baseUrl: portal.url,
        cookie: session,
        path: reportPath,
        numberText: reportNumber,
        runs,
      }),
    };
    const lighthouse = {
      list: await lighthouseScore(`${portal.url}${listPath}`, cookie.header),
      dyd: await lighthouseScore(`${portal.url}${reportPath}`, cookie.header),
    };
    table(
      ['page', 'navigation → numbers on screen (ms, median)', 'Lighthouse performance'],
      [
        ['managed list', toNumbers.list, lighthouse.list ?? 'error'],
        ['DYD report', toNumbers.dyd, lighthouse.dyd ?? 'error'],
      ],
    );
    results.web = { toNumbers, lighthouse };
    if (overBudget.length > 0) {
      console.error(`\nInitial JavaScript over its gzip budget: ${overBudget.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  const probes = await generate();
  if (process.env.BENCH_ONLY === 'generate') return;
  console.info('starting the portal and the bare route…');
  const portal = await startPortal(databaseUrl, PORTAL_PORT);
  const bare = await startBare(BARE_PORT).catch(async (error: unknown) => {
    await portal.stop();
    throw error;
  });
  try {
    const cookie = await signIn(portal);
    await loadEndpoints(portal, bare, cookie.header, probes);
    await exportsAndWeb(portal, cookie, probes);
  } finally {
    await portal.stop();
    await bare.stop();
  }
  if (process.env.BENCH_DROP === '1') await dropDatabase();
  const out = path.join(serverDir, '../../bench-results', `${scale.name}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ ...results, finishedAt: new Date().toISOString() }, null, 2));
  console.info(`\nFigures written to ${path.relative(process.cwd(), out)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
