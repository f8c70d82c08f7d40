import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_GOOGLE_ADS } from '@portal/contracts';
import { organizations, platformConnections, users } from '../../src/db/schema';
import { hashPassword } from '../../src/repositories/auth';
import { createGoogleAdsConnector } from '../../src/self-service/connectors/google-ads';
import { createMetaConnector } from '../../src/self-service/connectors/meta';
import { PlatformAuthError, PlatformRateLimitError } from '../../src/self-service/connectors/types';
import { build, login, type TestContext, authHeaders } from '../helper';
import { fakeServer, googleAdsHandler, metaHandler } from './fake-platforms';

// Ports of this worktree's range; the fakes answer as the platforms document.
// Port 0: the system picks free ports, so parallel runs never collide.
const GOOGLE_PORT = 0;
const META_PORT = 0;
const waits: number[] = [];
const http = { sleep: async (ms: number) => void waits.push(ms), maxRetries: 2 };

let google: Awaited<ReturnType<typeof fakeServer>>;
let meta: Awaited<ReturnType<typeof fakeServer>>;
beforeAll(async () => {
  google = await fakeServer(GOOGLE_PORT, googleAdsHandler());
  meta = await fakeServer(
    META_PORT,
    metaHandler(() => meta.url),
  );
});
afterAll(async () => {
  await google.close();
  await meta.close();
});

const googleConnector = () =>
  createGoogleAdsConnector(
    {
      clientId: 'client-id',
      clientSecret: 'client-secret',
      developerToken: 'dev-token',
      apiUrl: `${google.url}/v21`,
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: `${google.url}/token`,
    },
    http,
  );
const metaConnector = () =>
  createMetaConnector(
    {
      appId: 'app-id',
      appSecret: 'app-secret',
      graphUrl: `${meta.url}/v21.0`,
      authorizeUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    },
    http,
  );
const range = { startDate: '2026-11-01', endDate: '2026-11-02' };

describe('Google Ads connector against a local fake of the REST API', () => {
  it('builds the OAuth consent URL and exchanges and refreshes tokens; a revoked refresh token is an auth error', async () => {
    const c = googleConnector();
    const url = new URL(c.authorizeUrl({ state: 's1', redirectUri: 'https://portal.test/cb' }));
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/adwords');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('state')).toBe('s1');
    const tokens = await c.exchangeCode('good-code', 'https://portal.test/cb');
    expect(tokens).toMatchObject({ accessToken: 'tok-1', refreshToken: 'ref-1' });
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    const form = new URLSearchParams(google.seen.at(-1)!.body);
    expect(form.get('client_secret')).toBe('client-secret');
    expect(form.get('redirect_uri')).toBe('https://portal.test/cb');
    expect(await c.refreshTokens('ref-1')).toMatchObject({ accessToken: 'tok-2', refreshToken: 'ref-1' });
    await expect(c.refreshTokens('revoked')).rejects.toBeInstanceOf(PlatformAuthError);
  });

  it('lists the client accounts of every accessible manager across pages, with the manager as login customer', async () => {
    const accounts = await googleConnector().listAccounts('tok-1');
    expect(accounts).toEqual([
      { value: '1000000001', label: 'Outdoor Gear', login_customer_id: '9000000001' },
      { value: '1000000002', label: 'Trail Running', login_customer_id: '9000000001' },
    ]);
    const searches = google.seen.filter((r) => r.url.endsWith('googleAds:search'));
    expect(searches.at(-1)!.headers['login-customer-id']).toBe('9000000001');
    expect(JSON.parse(searches.at(-1)!.body).pageToken).toBe('page-2');
  });

  it('an expired access token is an auth error (the portal refreshes and retries)', async () => {
    await expect(googleConnector().listAccounts('tok-expired')).rejects.toBeInstanceOf(PlatformAuthError);
  });

  it('backs off on RESOURCE_EXHAUSTED by the retryDelay, then lists campaigns with their status', async () => {
    waits.length = 0;
    const campaigns = await googleConnector().listCampaigns('tok-1', {
      accountId: '1000000001',
      loginCustomerId: '9000000001',
    });
    expect(waits).toEqual([2000]);
    expect(campaigns).toEqual([
      { id: '111', name: 'Brand search', statusName: 'active', startDate: '2026-10-01', endDate: null },
      { id: '222', name: 'Winter sale', statusName: 'paused', startDate: '2026-09-15', endDate: '2026-12-31' },
    ]);
  });

  it('reads daily metrics over pages and shopping product rows; pauses through campaigns:mutate', async () => {
    const c = googleConnector();
    const account = { accountId: '1000000001', loginCustomerId: '9000000001' };
    expect(await c.dailyMetrics('tok-1', account, '111', range)).toEqual([
      { date: '2026-11-01', impressions: 1000, clicks: 20 },
      { date: '2026-11-02', impressions: 900, clicks: 12 },
    ]);
    const query = JSON.parse(google.seen.filter((r) => r.url.endsWith('googleAds:search')).at(-1)!.body)
      .query as string;
    expect(query).toContain("segments.date BETWEEN '2026-11-01' AND '2026-11-02'");
    expect(query).toContain('campaign.id = 111');
    const products = await c.productRows('tok-1', account, '111', range);
    expect(products[0]).toEqual({
      date: '2026-11-01',
      productItemId: 'sku-1',
      productTitle: 'Trail shoe',
      impressions: 100,
      clicks: 7,
      conversions: 1,
    });
    await c.setStatus('tok-1', account, '111', 'paused');
    const mutate = JSON.parse(google.seen.at(-1)!.body);
    expect(mutate).toEqual({
      operations: [
        { update: { resourceName: 'customers/1000000001/campaigns/111', status: 'PAUSED' }, updateMask: 'status' },
      ],
    });
  });

  it('gives up after the retries with a rate-limit error', async () => {
    const always429 = await fakeServer(0, () => ({
      status: 429,
      body: { error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'quota' } },
      headers: { 'retry-after': '5' },
    }));
    try {
      const c = createGoogleAdsConnector(
        {
          clientId: 'a',
          clientSecret: 'b',
          developerToken: 'dev-token',
          apiUrl: `${always429.url}/v21`,
          authorizeUrl: 'x',
          tokenUrl: 'x',
        },
        http,
      );
      waits.length = 0;
      const error = await c.listAccounts('tok-1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformRateLimitError);
      expect((error as PlatformRateLimitError).retryAfterSeconds).toBe(5);
      expect(waits).toEqual([5000, 5000]);
    } finally {
      await always429.close();
    }
  });
});

describe('Meta connector against a local fake of the Graph API', () => {
  it('exchanges the code for a long-lived token and re-exchanges it to refresh', async () => {
    const c = metaConnector();
    expect(new URL(c.authorizeUrl({ state: 's', redirectUri: 'https://p/cb' })).searchParams.get('scope')).toBe(
      'ads_read,ads_management',
    );
    const tokens = await c.exchangeCode('good-code', 'https://p/cb');
    expect(tokens).toMatchObject({ accessToken: 'tok-1', refreshToken: 'tok-1' });
    expect((await c.refreshTokens('tok-1')).accessToken).toBe('tok-2');
  });

  it('follows paging.next for ad accounts; an expired token (code 190) is an auth error', async () => {
    const c = metaConnector();
    expect(await c.listAccounts('tok-1')).toEqual([
      { value: 'act_111', label: 'Main account', login_customer_id: null },
      { value: 'act_222', label: 'Second account', login_customer_id: null },
    ]);
    await expect(c.listAccounts('tok-expired')).rejects.toBeInstanceOf(PlatformAuthError);
  });

  it('maps effective_status and drops archived campaigns', async () => {
    expect(await metaConnector().listCampaigns('tok-1', { accountId: 'act_111', loginCustomerId: null })).toEqual([
      { id: '2384', name: 'Retargeting', statusName: 'active', startDate: '2026-10-01', endDate: null },
      { id: '2385', name: 'Prospecting', statusName: 'paused', startDate: '2026-09-20', endDate: '2026-12-01' },
    ]);
  });

  it('backs off on a user request limit (code 17), then reads daily insights and product rows', async () => {
    const c = metaConnector();
    const account = { accountId: 'act_111', loginCustomerId: null };
    waits.length = 0;
    expect(await c.dailyMetrics('tok-1', account, '2384', range)).toEqual([
      { date: '2026-11-01', impressions: 1200, clicks: 30 },
      { date: '2026-11-02', impressions: 800, clicks: 10 },
    ]);
    expect(waits).toEqual([1000]);
    const call = new URL(meta.seen.filter((r) => r.url.includes('/insights')).at(-1)!.url, 'http://x');
    expect(JSON.parse(call.searchParams.get('time_range')!)).toEqual({ since: '2026-11-01', until: '2026-11-02' });
    expect(await c.productRows('tok-1', account, '2384', range)).toEqual([
      {
        date: '2026-11-01',
        productItemId: '55501',
        productTitle: 'Blue SUV, 2024',
        impressions: 300,
        clicks: 9,
        conversions: 2,
      },
    ]);
    await c.setStatus('tok-1', account, '2384', 'paused');
    expect(new URLSearchParams(meta.seen.at(-1)!.body).get('status')).toBe('PAUSED');
  });
});

describe('the portal refreshes an expired token through the real connector', () => {
  // An agency of its own, so that no other test file's connection (shared PostgreSQL) interferes.
  const ORG = 3;
  const ADMIN = { email: 'admin@connectors.test', password: 'connectors-password' };
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
    await t.database.db.insert(organizations).values({ id: ORG, name: 'Connector Agency' }).onConflictDoNothing();
    await t.database.db
      .insert(users)
      .values({
        email: ADMIN.email,
        name: 'Connector Admin',
        passwordHash: await hashPassword(ADMIN.password),
        organizationId: ORG,
        roleId: 2,
      })
      .onConflictDoNothing();
    await t.database.db.delete(platformConnections).where(eq(platformConnections.organizationId, ORG));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a refused access token is refreshed, stored encrypted, and the call succeeds', async () => {
    const platforms = t.app.adPlatforms;
    const sandbox = platforms.connector;
    const real = googleConnector();
    platforms.connector = (vendorId) => (vendorId === VENDOR_GOOGLE_ADS ? real : sandbox(vendorId));
    await t.database.db
      .insert(platformConnections)
      .values({
        organizationId: ORG,
        vendorId: VENDOR_GOOGLE_ADS,
        accessTokenEnc: platforms.cipher.encrypt('tok-expired'),
        refreshTokenEnc: platforms.cipher.encrypt('ref-1'),
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .onConflictDoNothing();
    const cookie = await login(t.app, ADMIN.email, ADMIN.password);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/${ORG}/dsp/accounts?vendor_id=1&force_refresh=true`,
      headers: authHeaders(cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((a: { value: string }) => a.value)).toEqual(['1000000001', '1000000002']);
    const [row] = await t.database.db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.organizationId, ORG));
    expect(platforms.cipher.decrypt(row!.accessTokenEnc)).toBe('tok-2');
    platforms.connector = sandbox;
  });
});
