import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { hashPassword } from '../src/repositories/auth';
import { BENCH_ORGANIZATION_ID, BENCH_PASSWORD, type BenchProbes } from './generate';
import { runLoad, type LoadFigures } from './load';
import type { BenchScale } from './scale';
import type { RunningProcess } from './server-process';

/** The other tenant of the export-isolation run: an agency of its own with one of the generated dealerships. */
export const OTHER_ORGANIZATION_ID = 2;
export const OTHER_EMAIL = 'bench-other@bench.test';

/** The p99 budget of the other tenant's list and summary while one user saturates exports (issue 18 item 4). */
export const ISOLATION_P99_BUDGET_MS = 50;

/**
 * Gives the last generated dealership to a second agency with its own administrator (idempotent), so
 * the run measures a tenant that shares nothing with the exporting one. Returns that dealership's id.
 */
export async function ensureOtherTenant(pool: pg.Pool, scale: BenchScale): Promise<number> {
  const dealershipId = scale.dealerships;
  await pool.query(
    `insert into organizations (id, name, show_budget_type) values ($1, 'Bench Other Agency', 2) on conflict (id) do nothing`,
    [OTHER_ORGANIZATION_ID],
  );
  await pool.query('update dealerships set organization_id = $1 where id = $2', [OTHER_ORGANIZATION_ID, dealershipId]);
  await pool.query(
    `insert into users (email, name, password_hash, organization_id, role_id) values ($1, 'Bench Other Admin', $2, $3, 2)
     on conflict (email) do nothing`,
    [OTHER_EMAIL, await hashPassword(BENCH_PASSWORD), OTHER_ORGANIZATION_ID],
  );
  return dealershipId;
}

/** The 50-rooftop agency of the overview budget (issue 23 §1): its own administrator. */
export const GROUP_ORGANIZATION_ID = 3;
export const GROUP_EMAIL = 'bench-group@bench.test';

/** Rooftops of the group agency: 50 at full scale (the budget), a quarter of the dealerships when fewer. */
export function groupRooftops(scale: BenchScale): number {
  return Math.min(50, Math.floor(scale.dealerships / 4));
}

/**
 * Gives the `groupRooftops(scale)` dealerships before the last one to a third agency with its own
 * administrator (idempotent), so the agency overview is measured for an agency of the size the issue
 * budgets (p95 ≤ 200 ms at 50 connections for 50 rooftops, computed). Returns the number of rooftops.
 */
export async function ensureGroupAgency(pool: pg.Pool, scale: BenchScale): Promise<number> {
  const rooftops = groupRooftops(scale);
  const first = scale.dealerships - rooftops;
  await pool.query(
    `insert into organizations (id, name, show_budget_type) values ($1, 'Bench Group Agency', 2) on conflict (id) do nothing`,
    [GROUP_ORGANIZATION_ID],
  );
  await pool.query('update dealerships set organization_id = $1 where id >= $2 and id < $3', [
    GROUP_ORGANIZATION_ID,
    first,
    scale.dealerships,
  ]);
  await pool.query(
    `insert into users (email, name, password_hash, organization_id, role_id) values ($1, 'Bench Group Admin', $2, $3, 2)
     on conflict (email) do nothing`,
    [GROUP_EMAIL, await hashPassword(BENCH_PASSWORD), GROUP_ORGANIZATION_ID],
  );
  return rooftops;
}

export interface IsolationFigures {
  /** Seconds of each measurement; connections of the measured tenant. */
  seconds: number;
  connections: number;
  quiet: { list: LoadFigures; summary: LoadFigures };
  saturated: { list: LoadFigures; summary: LoadFigures };
  /** What the exporting user's requests got during the saturated measurements. */
  exports: { concurrent: number; ok: number; refused: number; busy: number; failed: number };
}

/**
 * The exporting user (plain JavaScript for a worker thread): `concurrent` loops, each sending the
 * next PDF as soon as the last answered, and after a refusal again 5 ms later (a client that ignores
 * Retry-After); counts the answers until told to stop.
 */
const EXPORTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, cookie, concurrent } = workerData;
const counts = { concurrent, ok: 0, refused: 0, busy: 0, failed: 0 };
let running = true;
parentPort.on('message', () => { running = false; });
async function loop(start) {
  for (let i = start; running; i++) {
    const response = await fetch(urls[i % urls.length], { headers: { cookie } }).catch(() => null);
    await response?.arrayBuffer().catch(() => null);
    if (response?.status === 200) counts.ok += 1;
    else if (response?.status === 429) counts.refused += 1;
    else if (response?.status === 503) counts.busy += 1;
    else counts.failed += 1;
    if (response?.status !== 200) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
Promise.all(Array.from({ length: concurrent }, (_, i) => loop(i))).then(() => parentPort.postMessage(counts));
`;

/**
 * Issue 18 item 4: one user saturates PDF exports — `concurrent` loops, each sending the next PDF
 * (DYD report, month-over-month) as soon as the last answered, refused or not — while autocannon
 * measures another agency's managed list and summary; the same measurement without exports first.
 * The portal runs with its concurrency caps and an export rate high enough not to hide them.
 */
export async function measureExportIsolation(
  portal: RunningProcess,
  options: {
    scale: BenchScale;
    probes: BenchProbes;
    exporterCookie: string;
    otherCookie: string;
    otherDealershipId: number;
  },
): Promise<IsolationFigures> {
  const { probes, scale } = options;
  const seconds = Math.max(3, scale.durationSeconds * 2);
  const connections = 4;
  const monthStart = `${probes.endDate.slice(0, 8)}01`;
  const otherBase = `${portal.url}/api/agencies/${OTHER_ORGANIZATION_ID}/dealership/${options.otherDealershipId}/campaigns`;
  const list = `${otherBase}?startDate=${monthStart}&endDate=${probes.endDate}&pageIndex=0&pageSize=500`;
  const summary = `${otherBase}/summary?start_date=${monthStart}&end_date=${probes.endDate}`;
  const headers = { cookie: options.otherCookie };
  for (const url of [list, summary]) {
    const probe = await fetch(url, { headers });
    if (!probe.ok) throw new Error(`other tenant ${url}: ${probe.status} ${await probe.text()}`);
  }
  const measure = async () => ({
    list: await runLoad(list, { connections, duration: seconds, headers }),
    summary: await runLoad(summary, { connections, duration: seconds, headers }),
  });
  const quiet = await measure();

  const base = `${portal.url}/api/agencies/${BENCH_ORGANIZATION_ID}/dealership`;
  const pdfs = [
    `${base}/${probes.dealershipId}/campaigns/${probes.campaigns.DYD}/report.pdf?start_date=${probes.startDate}&end_date=${probes.endDate}`,
    `${base}/${probes.momDealershipId}/campaigns/month-over-month.pdf?dateFilter=6_month`,
  ];
  const concurrent = Number(process.env.BENCH_EXPORT_LOOPS ?? 8);
  // The exporter runs in a thread of its own, so its fetch loops do not delay autocannon's clock here.
  const exporter = new Worker(EXPORTER_SOURCE, {
    eval: true,
    workerData: { urls: pdfs, cookie: options.exporterCookie, concurrent },
  });
  const exported = new Promise<IsolationFigures['exports']>((resolve, reject) => {
    exporter.once('message', (counts: IsolationFigures['exports']) => resolve(counts));
    exporter.once('error', reject);
  });
  // Let the pool fill before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const saturated = await measure().finally(() => exporter.postMessage('stop'));
  const counts = await exported;
  await exporter.terminate();
  return { seconds, connections, quiet, saturated, exports: counts };
}
