import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import { dealerships, inventoryVehicles, managedCampaigns } from '../../src/db/schema';
import { ingestFolder } from '../../src/ingestion';
import { TEST_NOW } from '../constants';
import { readDemoFile, writeFiles, type TestContext } from '../helper';

/**
 * Report fixtures (test/fixtures/reports/*.csv): campaigns 770001… on demo dealership 101 and one
 * (770005) on dealership 1901 of the demo agency, which the fixtures add with
 * enable_facebook_campaign_conversions off. `{{VIN_n}}` in the files stands for the n-th vehicle
 * of dealership 101 in the demo's inventory file, so that vehicle rows join real inventory.
 */
export const FIXTURE = {
  organizationId: 1,
  dealershipId: 101,
  otherDealershipId: 1901,
  /** DYD, show_roas / show_site_list / show_ad_previews on. */
  dyd: 770001,
  /** DYD with every setting off. */
  dydOff: 770002,
  audience: 770003,
  fbd: 770004,
  /** DYN on dealership 1901 (conversions flag off). */
  dynOff: 770005,
  sem: 770006,
  evt: 770007,
  /** A VIN with campaign results that no inventory has. */
  unknownVin: '1FTFW1E50NFA00001',
  recordingKey: 'recordings/fixture-call-1.mp3',
} as const;

/** The main report range of the tests and a range covering every fixture day. */
export const RANGE = { start_date: '2026-11-01', end_date: '2026-11-14' } as const;
export const ALL_DAYS = { start_date: '2026-10-01', end_date: '2026-11-30' } as const;

const fixturesDir = fileURLToPath(new URL('../fixtures/reports/', import.meta.url));

/** The VINs `{{VIN_1}}`… stand for: the first three vehicles of dealership 101 in the demo inventory. */
let vinsCache: string[] | undefined;
export function fixtureVins(): string[] {
  if (vinsCache) return vinsCache;
  const vins = readDemoFile('inventory_vehicles')
    .filter((row) => row.dealership_id === String(FIXTURE.dealershipId))
    .map((row) => row.vin!.toUpperCase())
    .slice(0, 3);
  if (vins.length < 3) throw new Error('The demo inventory of dealership 101 has fewer than 3 vehicles');
  vinsCache = vins;
  return vins;
}

function renderFixture(entity: string): string {
  const vins = fixtureVins();
  const text = fs.readFileSync(path.join(fixturesDir, `${entity}.csv`), 'utf8');
  return text.replace(/\{\{VIN_(\d)\}\}/g, (_, n: string) => vins[Number(n) - 1]!);
}

/** Rows of one fixture file as strings, placeholders filled in (the ground truth of the tests). */
const parsed = new Map<string, Array<Record<string, string>>>();
export function readFixture(entity: string): Array<Record<string, string>> {
  if (!parsed.has(entity))
    parsed.set(
      entity,
      parse(renderFixture(entity), { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>,
    );
  // A copy of each row, so that a test cannot change what the next one reads.
  return parsed.get(entity)!.map((row) => ({ ...row }));
}

/** The fake recording the fixture calls point at (deterministic bytes). */
export const RECORDING_BYTES = Buffer.from(Array.from({ length: 6000 }, (_, i) => (i * 7 + 3) % 256));

/** Loads the fixtures through the ingestion path (idempotent) and stores the recording. */
export async function loadReportFixtures(t: TestContext): Promise<void> {
  const entities = fs.readdirSync(fixturesDir).filter((f) => f.endsWith('.csv'));
  const dir = await writeFiles(Object.fromEntries(entities.map((f) => [f, renderFixture(f.replace(/\.csv$/, ''))])));
  // Dated by the tests' clock: the inventory snapshot (days on lot) does not follow the real date.
  const outcome = await ingestFolder(t.database.db, dir, { now: TEST_NOW });
  fs.rmSync(dir, { recursive: true, force: true });
  if (!outcome.ok) throw new Error(`fixtures did not ingest: ${JSON.stringify(outcome.errors.slice(0, 5))}`);
  await t.storage.put(FIXTURE.recordingKey, RECORDING_BYTES);
}

/** Removes the fixtures again (the PostgreSQL test database is shared by the test files). */
export async function removeReportFixtures(t: TestContext): Promise<void> {
  const ids = readFixture('campaigns').map((c) => Number(c.client_campaign_id));
  await t.database.db.delete(managedCampaigns).where(inArray(managedCampaigns.id, ids));
  await t.database.db
    .delete(inventoryVehicles)
    .where(inArray(inventoryVehicles.dealershipId, [FIXTURE.otherDealershipId]));
  await t.database.db.delete(dealerships).where(inArray(dealerships.id, [FIXTURE.otherDealershipId]));
}

/** The tenant prefix of dealership 101 (or another dealership of the demo agency). */
export const tenantBase = (dealershipId: number = FIXTURE.dealershipId) =>
  `/api/agencies/${FIXTURE.organizationId}/dealership/${dealershipId}`;

/** `?start_date&end_date` plus extra query parameters (objects are JSON-encoded). */
export function queryString(range: { start_date: string; end_date: string }, extra: Record<string, unknown> = {}) {
  const params = new URLSearchParams({ start_date: range.start_date, end_date: range.end_date });
  for (const [key, value] of Object.entries(extra))
    params.set(key, typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value));
  return `?${params.toString()}`;
}
