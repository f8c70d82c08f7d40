import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listSelfServiceResponseSchema,
  selfServiceMetricsResponseSchema,
  selfServiceProductsResponseSchema,
  VENDOR_GOOGLE_ADS,
  VENDOR_META,
  vendorCampaignsResponseSchema,
} from '@portal/contracts';
import { platformConnections, selfServiceCampaigns } from '../../src/db/schema';
import { RAW, readCsv, toInt } from '../../src/demo/common';
import { startJobWorkers } from '../../src/jobs/workers';
import { selfServiceJobs, syncCampaign } from '../../src/self-service/sync-job';
import { build, login, type TestContext, authHeaders } from '../helper';
import { connectSandbox, waitFor } from '../factories/self-service';
import { createOtherTenant, OTHER } from '../factories/other-tenant';

// The second agency (2, dealership 9001) keeps this file's connections apart from other test files
// on a shared PostgreSQL database.
const ORG = OTHER.organizationId;
const base = `/api/agencies/${ORG}/dealership/${OTHER.dealershipId}`;
let t: TestContext;
let admin: string;
let dealer: string;

beforeAll(async () => {
  t = await build();
  await createOtherTenant(t.database.db);
  admin = await login(t.app, OTHER.adminEmail, OTHER.password);
  dealer = await login(t.app, OTHER.dealerEmail, OTHER.password);
  await startJobWorkers(t.app, { work: true, definitions: selfServiceJobs });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: authHeaders(cookie) });
const post = (url: string, payload: object, cookie = admin) =>
  t.app.inject({ method: 'POST', url, headers: authHeaders(cookie), payload });

/** The PDF's text as poppler's pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ss-pdf-')), 'report.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

async function importedCampaign(id: number) {
  const [row] = await t.database.db.select().from(selfServiceCampaigns).where(eq(selfServiceCampaigns.id, id));
  return row!;
}

describe('linked platforms (OAuth through the sandbox)', () => {
  it('a dealership user may not connect; the agency administrator connects both vendors', async () => {
    const refused = await post(
      `/api/agencies/${ORG}/dsp/platforms/${VENDOR_GOOGLE_ADS}/connect`,
      { dealership_id: OTHER.dealershipId },
      dealer,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/agency administrator/);

    const before = await get(`/api/agencies/${ORG}/dsp/platforms`, dealer);
    expect(before.json().data.map((p: { connected: boolean }) => p.connected)).toEqual([false, false]);

    expect(await connectSandbox(t.app, admin, ORG, OTHER.dealershipId, VENDOR_GOOGLE_ADS)).toBe(
      `/dashboard/agency/${ORG}/dealership/${OTHER.dealershipId}/accounts?connected=google-ads`,
    );
    expect(await connectSandbox(t.app, admin, ORG, OTHER.dealershipId, VENDOR_META)).toContain(
      'connected=facebook-ads',
    );
    const after = await get(`/api/agencies/${ORG}/dsp/platforms`, dealer);
    expect(after.json().data).toEqual([
      expect.objectContaining({ vendor_id: 1, connected: true, sandbox: true, connected_by: OTHER.adminEmail }),
      expect.objectContaining({ vendor_id: 3, connected: true, sandbox: true }),
    ]);
  });

  it('stores tokens encrypted, never in plain text', async () => {
    const rows = await t.database.db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.organizationId, ORG));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.accessTokenEnc).toMatch(/^v1\./);
      expect(row.accessTokenEnc).not.toContain('sandbox-access');
      expect(row.refreshTokenEnc).not.toContain('sandbox-refresh');
    }
  });

  it('rejects a forged or foreign OAuth state', async () => {
    const forged = await get(`/api/platforms/oauth/callback?code=sandbox-code-1-x&state=abc.def`);
    expect(forged.statusCode).toBe(400);
    const start = await post(`/api/agencies/${ORG}/dsp/platforms/1/connect`, { dealership_id: OTHER.dealershipId });
    const state = new URL(start.json().authorize_url, 'http://x').searchParams.get('state')!;
    const otherUser = await get(
      `/api/platforms/oauth/callback?code=sandbox-code-1-x&state=${encodeURIComponent(state)}`,
      dealer,
    );
    expect(otherUser.statusCode).toBe(400);
  });

  it('refreshes an expired access token and keeps working', async () => {
    const [before] = await t.database.db
      .update(platformConnections)
      .set({ expiresAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(platformConnections.organizationId, ORG))
      .returning();
    const accounts = await get(`/api/agencies/${ORG}/dsp/accounts?vendor_id=1&force_refresh=true`);
    expect(accounts.statusCode, accounts.body).toBe(200);
    const [after] = await t.database.db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, before!.id));
    expect(after!.accessTokenEnc).not.toBe(before!.accessTokenEnc);
    expect(after!.expiresAt!.getTime()).toBeGreaterThan(Date.now() - 86_400_000 * 365 * 5);
  });
});

describe('import (spec 001 §2.9, §7)', () => {
  it('lists accounts and campaigns grouped by status, and needs the vendor-specific account parameters', async () => {
    const google = await get(`/api/agencies/${ORG}/dsp/accounts?vendor_id=1`);
    expect(google.json().data).toHaveLength(2);
    const account = google.json().data[0];
    expect(account.login_customer_id).toMatch(/^\d{10}$/);
    const campaigns = vendorCampaignsResponseSchema.parse(
      (
        await get(
          `/api/agencies/${ORG}/dsp/accounts/vendors/1/campaigns?customer_account_id=${account.value}&login_customer_id=${account.login_customer_id}`,
        )
      ).json(),
    );
    expect(campaigns.length).toBe(4);
    expect(campaigns.map((c) => c.status)).toEqual([...campaigns.map((c) => c.status)].sort());
    expect(new Set(campaigns.map((c) => `${c.status}:${c.status_name}`))).toEqual(new Set(['1:active', '2:paused']));
    const missing = await get(`/api/agencies/${ORG}/dsp/accounts/vendors/1/campaigns?account_id=${account.value}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('customer_account_id is required');
    const meta = await get(`/api/agencies/${ORG}/dsp/accounts?vendor_id=3`);
    expect(meta.json().data.map((a: { value: string }) => a.value)).toEqual(['act_916', 'act_936', 'act_1178']);
  });

  let googleIds: number[] = [];
  let metaIds: number[] = [];
  it('imports two campaigns of each vendor as pending; importing again does not duplicate them', async () => {
    const account = (await get(`/api/agencies/${ORG}/dsp/accounts?vendor_id=1`)).json().data[0];
    const options = (
      await get(
        `/api/agencies/${ORG}/dsp/accounts/vendors/1/campaigns?customer_account_id=${account.value}&login_customer_id=${account.login_customer_id}`,
      )
    ).json();
    const body = {
      vendor_id: 1,
      agency_id: ORG,
      account_name: account.label,
      campaign_ids: options.slice(0, 2).map((o: { value: string }) => o.value),
      customer_account_id: account.value,
      login_customer_id: account.login_customer_id,
    };
    // A dealership user imports only from an account the agency assigned to the dealership (issue 18 item 3).
    const unassigned = await post(`${base}/campaigns/self-service/import`, body, dealer);
    expect(unassigned.statusCode, unassigned.body).toBe(404);
    const assign = await t.app.inject({
      method: 'PUT',
      url: `/api/agencies/${ORG}/dsp/platforms/1/account-assignments/${account.value}`,
      headers: authHeaders(admin),
      payload: { dealership_ids: [OTHER.dealershipId] },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const first = await post(`${base}/campaigns/self-service/import`, body, dealer);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ imported: 2, already_imported: 0 });
    googleIds = first.json().campaign_ids;
    const again = await post(`${base}/campaigns/self-service/import`, body, dealer);
    expect(again.json()).toEqual({ imported: 0, already_imported: 2, campaign_ids: expect.arrayContaining(googleIds) });

    const metaOptions = (await get(`/api/agencies/${ORG}/dsp/accounts/vendors/3/campaigns?account_id=act_916`)).json();
    const meta = await post(`${base}/campaigns/self-service/import`, {
      vendor_id: 3,
      agency_id: ORG,
      account_name: 'Sandbox Social — Account 916',
      account_id: 'act_916',
      campaign_ids: metaOptions.slice(0, 2).map((o: { value: string }) => o.value),
    });
    expect(meta.json().imported).toBe(2);
    metaIds = meta.json().campaign_ids;

    const list = listSelfServiceResponseSchema.parse(
      (await get(`${base}/campaigns/self-service/list?pageSize=100`)).json(),
    );
    expect(list.pagination.total).toBe(4);
    expect(list.data.map((c) => c.vendor_campaign.account_name)).toContain(account.label);
  });

  it('refuses a campaign that is not in the account, and a missing account id', async () => {
    const bad = await post(`${base}/campaigns/self-service/import`, {
      vendor_id: 3,
      agency_id: ORG,
      account_name: 'x',
      account_id: 'act_916',
      campaign_ids: ['999'],
    });
    expect(bad.statusCode).toBe(400);
    const noAccount = await post(`${base}/campaigns/self-service/import`, {
      vendor_id: 3,
      agency_id: ORG,
      account_name: 'x',
      campaign_ids: ['1'],
    });
    expect(noAccount.json().error.message).toBe('account_id is required');
  });

  it('syncs each campaign to Live feed with its daily and product results (from the KAG dataset)', async () => {
    for (const id of [...googleIds, ...metaIds])
      await waitFor(async () => (await importedCampaign(id)).status === 'available');
    const campaign = await importedCampaign(metaIds[0]!);
    expect(campaign.lastSyncedAt).not.toBeNull();
    // The first Meta campaign of act_916 is its first age group: every one of its ads lands on one day of the flight.
    const ads = readCsv(RAW.kag).filter((r) => r.xyz_campaign_id === '916');
    const ages = [...new Set(ads.map((r) => r.age))].sort();
    const mine = ads.filter((r) => r.age === ages[0]);
    const range = `start_date=2020-01-01&end_date=2026-11-15`;
    const metrics = selfServiceMetricsResponseSchema.parse(
      (await get(`${base}/campaigns/self-service/${metaIds[0]}/metrics?${range}`)).json(),
    );
    const impressions = mine.reduce((s, r) => s + toInt(r.Impressions), 0);
    const clicks = mine.reduce((s, r) => s + toInt(r.Clicks), 0);
    expect(metrics.totals.impressions).toBe(impressions);
    expect(metrics.totals.clicks).toBe(clicks);
    expect(metrics.product_total).toBe(mine.length);
    expect(metrics.data.every((d) => d.date >= campaign.startDate && d.date <= '2026-11-14')).toBe(true);
  });
});

describe('products, CSV and status', () => {
  const range = `start_date=2020-01-01&end_date=2026-11-15`;
  let id = 0;
  beforeAll(async () => {
    const list = (await get(`${base}/campaigns/self-service/list?pageSize=100`)).json();
    id = list.data.find((c: { vendor_id: number }) => c.vendor_id === VENDOR_GOOGLE_ADS)._id;
  });

  it('pages products (10, clicks descending by default) and sorts on request', async () => {
    const first = selfServiceProductsResponseSchema.parse(
      (await get(`${base}/campaigns/self-service/${id}/products?${range}`)).json(),
    );
    expect(first.data).toHaveLength(10);
    expect(first.pagination.total).toBeGreaterThan(20);
    const clicks = first.data.map((p) => p.clicks);
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a));
    const second = selfServiceProductsResponseSchema.parse(
      (await get(`${base}/campaigns/self-service/${id}/products?${range}&pageIndex=1`)).json(),
    );
    expect(second.data[0]!.clicks).toBeLessThanOrEqual(clicks[9]!);
    const ids = new Set([...first.data, ...second.data].map((p) => p.product_item_id));
    expect(ids.size).toBe(20);
    const sorting = encodeURIComponent(JSON.stringify([{ id: 'impressions', desc: false }]));
    const byImpressions = selfServiceProductsResponseSchema.parse(
      (await get(`${base}/campaigns/self-service/${id}/products?${range}&sorting=${sorting}`)).json(),
    );
    const imps = byImpressions.data.map((p) => p.impressions);
    expect(imps).toEqual([...imps].sort((a, b) => a - b));
  });

  it('exports every product as CSV named after the campaign', async () => {
    const page = (await get(`${base}/campaigns/self-service/${id}/products?${range}&pageSize=100`)).json();
    const csv = await get(`${base}/campaigns/self-service/${id}/products/csv?${range}`);
    expect(csv.statusCode).toBe(200);
    const name = (await importedCampaign(id)).name.replace(/[^A-Za-z0-9._-]+/g, '_');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="${name}_ProductPerformance_2020-01-01_2026-11-15.csv"`,
    );
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['Product', 'Product ID', 'Impressions', 'Clicks', 'Conversions']);
    expect(rows).toHaveLength(page.pagination.total);
    expect(rows[0]!['Product ID']).toBe(page.data[0].product_item_id);
    expect(Number(rows[0]!.Clicks)).toBe(page.data[0].clicks);
  });

  it('exports the report as a PDF with the cards, charts and the first products', async () => {
    const response = await get(`${base}/campaigns/self-service/${id}/report.pdf?${range}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const campaign = await importedCampaign(id);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${campaign.name}_2020-01-01_2026-11-15.pdf"`,
    );
    const text = pdfText(response.rawPayload);
    const metrics = (await get(`${base}/campaigns/self-service/${id}/metrics?${range}`)).json();
    const first = (await get(`${base}/campaigns/self-service/${id}/products?${range}`)).json().data[0];
    for (const expected of [
      campaign.name,
      'Other Motors',
      'Total Impressions',
      'Click Through Rate',
      'Product Performance',
      metrics.totals.impressions.toLocaleString('en-US'),
      first.product_item_id,
    ])
      expect(text).toContain(expected);
  });

  it('flips the status on the platform; repeating the same request changes nothing', async () => {
    const campaign = await importedCampaign(id);
    const current = campaign.statusName as 'active' | 'paused';
    const flipped = current === 'active' ? 'paused' : 'active';
    const body = {
      campaign_id: id,
      vendor_id: 1,
      customer_account_id: campaign.accountId,
      login_customer_id: campaign.loginCustomerId,
      status: current,
    };
    const edit = await post(`${base}/campaigns/self-service/edit`, body, dealer);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toEqual({ campaign_id: id, status_name: flipped });
    expect((await importedCampaign(id)).statusName).toBe(flipped);
    const onPlatform = (
      await get(
        `/api/agencies/${ORG}/dsp/accounts/vendors/1/campaigns?customer_account_id=${campaign.accountId}&login_customer_id=${campaign.loginCustomerId}`,
      )
    ).json();
    expect(onPlatform.find((c: { value: string }) => c.value === campaign.vendorCampaignId).status_name).toBe(flipped);
    const repeated = await post(`${base}/campaigns/self-service/edit`, body, dealer);
    expect(repeated.json()).toEqual({ campaign_id: id, status_name: flipped });
    expect((await importedCampaign(id)).statusName).toBe(flipped);
    const back = await post(`${base}/campaigns/self-service/edit`, { ...body, status: flipped }, dealer);
    expect(back.json().status_name).toBe(current);
    // Each switch left its automatic note on the campaign's charts (issue 21 §4); the repeat none.
    const notes = await get(
      `${base}/annotations?start_date=2026-01-01&end_date=2027-12-31&campaign_id=${id}&campaign_kind=self_service`,
    );
    expect(notes.statusCode, notes.body).toBe(200);
    const automatic = (notes.json().data as Array<{ kind: string; text: string }>).filter(
      (n) => n.kind === 'pause' || n.kind === 'play',
    );
    expect(automatic.map((n) => n.kind)).toEqual(flipped === 'paused' ? ['pause', 'play'] : ['play', 'pause']);
  });

  it('a status switched on the platform itself leaves its automatic note at the next sync', async () => {
    const onPlatform = (await importedCampaign(id)).statusName as 'active' | 'paused';
    const kind = onPlatform === 'paused' ? 'pause' : 'play';
    const notesOfKind = async () => {
      const notes = await get(
        `${base}/annotations?start_date=2026-01-01&end_date=2027-12-31&campaign_id=${id}&campaign_kind=self_service`,
      );
      expect(notes.statusCode, notes.body).toBe(200);
      return (notes.json().data as Array<{ kind: string }>).filter((n) => n.kind === kind).length;
    };
    const before = await notesOfKind();
    // The portal last saw the other status: someone switched it in Google Ads meanwhile.
    await t.database.db
      .update(selfServiceCampaigns)
      .set({ statusName: onPlatform === 'active' ? 'paused' : 'active' })
      .where(eq(selfServiceCampaigns.id, id));
    await syncCampaign(t.app, id, { retryCount: 0, retryLimit: 4 });
    expect((await importedCampaign(id)).statusName).toBe(onPlatform);
    expect(await notesOfKind()).toBe(before + 1);
    // A sync that finds nothing switched adds no note.
    await syncCampaign(t.app, id, { retryCount: 0, retryLimit: 4 });
    expect(await notesOfKind()).toBe(before + 1);
  });

  it('a campaign of another dealership is 404', async () => {
    const response = await get(`/api/agencies/1/dealership/101/campaigns/self-service/${id}/metrics?${range}`, admin);
    expect(response.statusCode).toBe(404);
    const staff = await login(t.app, 'staff@demo.test');
    const crossed = await get(`/api/agencies/1/dealership/101/campaigns/self-service/${id}`, staff);
    expect(crossed.statusCode).toBe(404);
  });
});

describe('sync failures', () => {
  it('retries (stays Data pull), then ends failed with the reason; disconnected vendors cannot be read', async () => {
    const list = (await get(`${base}/campaigns/self-service/list?pageSize=100`)).json();
    const id = list.data.find((c: { vendor_id: number }) => c.vendor_id === VENDOR_META)._id;
    const disconnect = await post(`/api/agencies/${ORG}/dsp/platforms/3/disconnect`, {}, dealer);
    expect(disconnect.statusCode).toBe(403);
    expect((await post(`/api/agencies/${ORG}/dsp/platforms/3/disconnect`, {})).statusCode).toBe(204);
    await t.database.db.update(selfServiceCampaigns).set({ status: 'pending' }).where(eq(selfServiceCampaigns.id, id));
    await expect(syncCampaign(t.app, id, { retryCount: 1, retryLimit: 4 })).rejects.toThrow(/not connected/);
    expect((await importedCampaign(id)).status).toBe('initial_load');
    await syncCampaign(t.app, id, { retryCount: 4, retryLimit: 4 });
    const failed = await importedCampaign(id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBe('Meta Ads is not connected');
    const listed = (await get(`${base}/campaigns/self-service/list?pageSize=100`)).json();
    expect(listed.data.find((c: { _id: number }) => c._id === id).status).toBe('failed');
    expect((await get(`/api/agencies/${ORG}/dsp/accounts?vendor_id=3`)).statusCode).toBe(409);
  });
});
