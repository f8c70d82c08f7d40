import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerships, organizations, selfServiceCampaigns, users } from '../../src/db/schema';
import { startJobWorkers, type JobDefinition } from '../../src/jobs/workers';
import { hashPassword } from '../../src/repositories/auth';
import { enqueueSync, selfServiceJobs, SYNC_JOB, syncCampaign } from '../../src/self-service/sync-job';
import { build, login, type TestContext, authHeaders } from '../helper';
import { connectSandbox, waitFor } from '../factories/self-service';

// An agency and dealership of this file only (shared PostgreSQL in CI).
const ORG = 4;
const DEALERSHIP = 9401;
const ADMIN = { email: 'admin@sync-job.test', password: 'sync-job-password' };
let t: TestContext;
const runs = new Map<number, number>();

// Two workers on the sync queue, as two server processes would run them; each counts its runs.
const counted = selfServiceJobs.map((definition): JobDefinition =>
  definition.name === SYNC_JOB
    ? {
        ...definition,
        handler: async (app, data, job) => {
          const id = (data as { campaignId: number }).campaignId;
          runs.set(id, (runs.get(id) ?? 0) + 1);
          await syncCampaign(app, id, job);
        },
      }
    : definition,
);

beforeAll(async () => {
  t = await build();
  const db = t.database.db;
  await db.insert(organizations).values({ id: ORG, name: 'Sync Agency' }).onConflictDoNothing();
  await db
    .insert(dealerships)
    .values({ id: DEALERSHIP, organizationId: ORG, name: 'Sync Motors' })
    .onConflictDoNothing();
  await db
    .insert(users)
    .values({
      email: ADMIN.email,
      name: 'Sync Admin',
      passwordHash: await hashPassword(ADMIN.password),
      organizationId: ORG,
      roleId: 2,
    })
    .onConflictDoNothing();
});
afterAll(async () => {
  await t?.close();
});

// Each test file has its own database (a PGlite copy or a PostgreSQL database made from the
// template), so this file's workers are the only ones serving its queue.
describe('self-service sync job', () => {
  it('runs once per campaign with two workers, even when enqueued twice while waiting', async () => {
    const cookie = await login(t.app, ADMIN.email, ADMIN.password);
    await connectSandbox(t.app, cookie, ORG, DEALERSHIP, 3);
    const options = (
      await t.app.inject({
        method: 'GET',
        url: `/api/agencies/${ORG}/dsp/accounts/vendors/3/campaigns?account_id=act_936`,
        headers: authHeaders(cookie),
      })
    ).json() as Array<{ value: string }>;
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/agencies/${ORG}/dealership/${DEALERSHIP}/campaigns/self-service/import`,
      headers: authHeaders(cookie),
      payload: {
        vendor_id: 3,
        agency_id: ORG,
        account_name: 'Account 936',
        account_id: 'act_936',
        campaign_ids: options.slice(0, 3).map((o) => o.value),
      },
    });
    const ids = (imported.json() as { campaign_ids: number[] }).campaign_ids;
    expect(ids).toHaveLength(3);
    for (const id of ids) await enqueueSync(t.app, id); // a second send while the first waits: deduplicated
    await startJobWorkers(t.app, { work: true, definitions: counted });
    await startJobWorkers(t.app, { work: true, definitions: counted.filter((d) => d.name === SYNC_JOB) });
    for (const id of ids)
      await waitFor(async () => {
        const [row] = await t.database.db.select().from(selfServiceCampaigns).where(eq(selfServiceCampaigns.id, id));
        return row?.status === 'available';
      });
    // Give a duplicate, had there been one, time to run.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(ids.map((id) => runs.get(id))).toEqual([1, 1, 1]);
  });
});
