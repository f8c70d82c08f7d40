import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import { selfServiceCampaigns } from '../../src/db/schema';
import { authHeaders } from '../helper';

/**
 * Connects the sandbox of `vendorId` for the organization the way a browser does: connect call →
 * the sandbox consent page → its 'Allow' link → the OAuth callback. Returns the callback's redirect.
 */
export async function connectSandbox(
  app: App,
  cookie: string,
  organizationId: number,
  dealershipId: number,
  vendorId: number,
) {
  const start = await app.inject({
    method: 'POST',
    url: `/api/agencies/${organizationId}/dsp/platforms/${vendorId}/connect`,
    headers: authHeaders(cookie),
    payload: { dealership_id: dealershipId },
  });
  expect(start.statusCode, start.body).toBe(200);
  const consent = await app.inject({ method: 'GET', url: start.json().authorize_url, headers: authHeaders(cookie) });
  expect(consent.statusCode, consent.body).toBe(200);
  const allow = /<a class="allow" href="([^"]+)"/.exec(consent.body)?.[1]?.replaceAll('&amp;', '&');
  expect(allow).toBeDefined();
  const callback = await app.inject({
    method: 'GET',
    url: new URL(allow!).pathname + new URL(allow!).search,
    headers: authHeaders(cookie),
  });
  expect(callback.statusCode, callback.body).toBe(302);
  return callback.headers.location as string;
}

/** Polls until `check` holds or 20 s pass. */
export async function waitFor(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

/** A live self-service campaign of dealership 101 (first Google sandbox campaign); its id. Idempotent. */
export async function createSelfServiceFixture(db: Db): Promise<number> {
  await db
    .insert(selfServiceCampaigns)
    .values({
      organizationId: 1,
      dealershipId: 101,
      vendorId: 1,
      vendorCampaignId: '20000001',
      name: 'Search keyword group 1',
      accountId: '1000000001',
      accountName: 'Sandbox Search — Outdoor Gear',
      loginCustomerId: '9000000001',
      startDate: '2026-10-01',
      statusName: 'active',
      status: 'available',
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: selfServiceCampaigns.id })
    .from(selfServiceCampaigns)
    .where(and(eq(selfServiceCampaigns.dealershipId, 101), eq(selfServiceCampaigns.vendorCampaignId, '20000001')));
  return row!.id;
}
