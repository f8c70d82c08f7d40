import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { ROLE_AGENCY_ADMIN, ROLE_DEALERSHIP_USER, ROLE_PLATFORM_STAFF } from '@portal/contracts';
import type { Db } from '../db/client';
import { inventoryVehicles, systemState, userDealerships, users } from '../db/schema';
import { seedDemoAudiences } from './audiences';
import { ingestFolder } from '../ingestion';
import { hashPassword } from '../repositories/auth';
import { assignInventoryProvider, DEMO_INVENTORY_PROVIDER } from '../repositories/inventory';
import type { Storage } from '../lib/storage';
import { buildDemoFiles } from './build-demo-files';

/** The demo agency's organization id and the dealership the dealer demo user belongs to. */
export const DEMO_ORGANIZATION_ID = 1;
export const DEMO_DEALER_DEALERSHIP_ID = 101;

export const demoUsers = [
  { email: 'staff@demo.test', name: 'Platform Staff', roleId: ROLE_PLATFORM_STAFF, dealershipIds: [] as number[] },
  { email: 'agency@demo.test', name: 'Agency Admin', roleId: ROLE_AGENCY_ADMIN, dealershipIds: [] as number[] },
  {
    email: 'dealer@demo.test',
    name: 'Dealership User',
    roleId: ROLE_DEALERSHIP_USER,
    dealershipIds: [DEMO_DEALER_DEALERSHIP_ID],
  },
] as const;

const DEMO_MARKER = 'demo_loaded_at';

/** The demo's call recordings; `phone_calls.recording_file` names them as `recordings/<name>.mp3`. */
export const DEMO_RECORDINGS_DIR = fileURLToPath(new URL('../../seed/recordings/', import.meta.url));

/**
 * Copies every file under `dir` into storage under `recordings/<path inside dir>` (the key the
 * phone_calls files use), skipping keys storage already has. A missing folder copies nothing.
 * Returns the number of files written.
 */
export async function copyRecordings(storage: Storage, dir: string = DEMO_RECORDINGS_DIR): Promise<number> {
  let entries;
  try {
    entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let written = 0;
  // Only the recordings themselves (mp3); the folder's README stays out of storage.
  for (const entry of entries.filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.mp3'))) {
    const file = path.join(entry.parentPath, entry.name);
    const key = ['recordings', ...path.relative(dir, file).split(path.sep)].join('/');
    if (await storage.exists(key)) continue;
    await storage.put(key, await fs.readFile(file));
    written += 1;
  }
  return written;
}

export async function isDemoLoaded(db: Db): Promise<boolean> {
  const [row] = await db.select().from(systemState).where(eq(systemState.key, DEMO_MARKER));
  return Boolean(row);
}

/**
 * Loads the demo agency (docs/demo-data.md) through the ingestion path: builds the ingestion
 * files from the real datasets in apps/server/seed with dates shifted so the newest day is the
 * day before `today`, ingests them, copies the call recordings of `seed/recordings/` (if any) into
 * `storage`, and creates the demo users. Marks the database so a restart does not load it again.
 * Returns the folder of the files it ingested (removed unless `keepFiles`).
 */
export async function loadDemo(
  db: Db,
  options: { today: string; password: string; storage: Storage; keepFiles?: boolean; recordingsDir?: string },
) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-demo-'));
  try {
    await buildDemoFiles(dir, { today: options.today });
    const outcome = await ingestFolder(db, dir);
    if (!outcome.ok) {
      const lines = outcome.errors.slice(0, 20).map((e) => `${e.file}:${e.line ?? '-'} ${e.column ?? ''} ${e.message}`);
      throw new Error(`The demo data did not ingest:\n${lines.join('\n')}`);
    }
    await copyRecordings(options.storage, options.recordingsDir);
    const passwordHash = await hashPassword(options.password);
    for (const user of demoUsers) {
      const [row] = await db
        .insert(users)
        .values({
          email: user.email,
          name: user.name,
          passwordHash,
          organizationId: DEMO_ORGANIZATION_ID,
          roleId: user.roleId,
        })
        .onConflictDoUpdate({ target: users.email, set: { passwordHash } })
        .returning({ id: users.id });
      for (const dealershipId of user.dealershipIds) {
        await db.insert(userDealerships).values({ userId: row!.id, dealershipId }).onConflictDoNothing();
      }
    }
    // The demo inventory is the Cars.com listings (SOURCES.md): its provider, spec 001 §7.
    await assignInventoryProvider(db, { name: DEMO_INVENTORY_PROVIDER });
    const vehicleCounts = await db
      .select({ id: inventoryVehicles.dealershipId, n: count() })
      .from(inventoryVehicles)
      .groupBy(inventoryVehicles.dealershipId);
    await seedDemoAudiences(db, options.today, new Map(vehicleCounts.map((r) => [r.id, r.n])));
    await db
      .insert(systemState)
      .values({ key: DEMO_MARKER, value: new Date().toISOString() })
      .onConflictDoUpdate({ target: systemState.key, set: { value: new Date().toISOString() } });
    return { dir, result: outcome.result };
  } finally {
    if (!options.keepFiles) await fs.rm(dir, { recursive: true, force: true });
  }
}
