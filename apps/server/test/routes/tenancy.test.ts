import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorResponseSchema,
  inventoryFilterFieldsSchema,
  operationList,
  ROLE_DEALERSHIP_USER,
} from '@portal/contracts';
import { TENANT_PREFIX, type RouteTableEntry } from '../../src/app';
import { eq } from 'drizzle-orm';
import { alerts, annotations, creativeUploads, userDealerships, users } from '../../src/db/schema';
import { build, login, type TestContext, authHeaders } from '../helper';
import { createOtherTenant, OTHER } from '../factories/other-tenant';
import { FIXTURE, fixtureVins, loadReportFixtures, removeReportFixtures } from '../factories/report-fixtures';
import { connectSandbox, createSelfServiceFixture } from '../factories/self-service';

let t: TestContext;
const cookies = {} as Record<'staff' | 'agency' | 'dealer' | 'otherAdmin' | 'otherDealer', string>;
beforeAll(async () => {
  t = await build();
  await createOtherTenant(t.database.db);
  await loadReportFixtures(t);
  cookies.staff = await login(t.app, 'staff@demo.test');
  cookies.agency = await login(t.app, 'agency@demo.test');
  cookies.dealer = await login(t.app, 'dealer@demo.test');
  cookies.otherAdmin = await login(t.app, OTHER.adminEmail, OTHER.password);
  cookies.otherDealer = await login(t.app, OTHER.dealerEmail, OTHER.password);
  await createWizardFixtures();
  await createAccountFixtures();
  await connectSandbox(t.app, cookies.agency, 1, FIXTURE.dealershipId, 1);
  selfServiceId = await createSelfServiceFixture(t.database.db);
  // The dealership user's scope of the agency's connection (issue 18 item 3): the fixture's account
  // is assigned to dealership 101, the sandbox's other account (1000000002) to no dealership.
  const assigned = await t.app.inject({
    method: 'PUT',
    url: `/api/agencies/1/dsp/platforms/1/account-assignments/${SCOPED_ACCOUNT}`,
    headers: authHeaders(cookies.agency),
    payload: { dealership_ids: [FIXTURE.dealershipId] },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
});
/** Issue 23 fixtures of agency 1 (invitations and a user the user routes act on). */
const accounts = { invitation: 0, revokable: 0, user: 0, alert: 0, notes: [] as number[] };
/** The next note of dealership 101 a DELETE is filled with: each call deletes (at most) a note of its own. */
let nextNote = 0;
async function createAccountFixtures() {
  const invite = async (email: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/1/invitations',
      headers: authHeaders(cookies.agency),
      payload: { email, name: email, role_id: 3, dealership_ids: [101] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  accounts.invitation = await invite('tenancy-resend@dealer.test');
  accounts.revokable = await invite('tenancy-revoke@dealer.test');
  const [user] = await t.database.db
    .insert(users)
    .values({
      email: 'tenancy-user@dealer.test',
      name: 'Tenancy User',
      passwordHash: 'x',
      organizationId: 1,
      roleId: 3,
    })
    .returning({ id: users.id });
  await t.database.db.insert(userDealerships).values({ userId: user!.id, dealershipId: 101 });
  accounts.user = user!.id;
  // Issue 21 §3: an open alert of dealership 101 the alert routes act on.
  const [alert] = await t.database.db
    .insert(alerts)
    .values({
      organizationId: 1,
      dealershipId: FIXTURE.dealershipId,
      campaignId: FIXTURE.dyd,
      rule: 'pacing',
      conditionKey: 'tenancy:fixture',
      metric: 'Impressions to date',
      message: 'Tenancy fixture',
      reportFrom: '2026-11-01',
      reportTo: '2026-11-14',
      openedAt: new Date(),
      lastSeenAt: new Date(),
    })
    .returning({ id: alerts.id });
  accounts.alert = alert!.id;
  // Issue 21 §4: notes of dealership 101 written by the dealership user (their author), so every
  // allowed user may change them; DELETE takes a fresh one each call.
  const [dealer] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'dealer@demo.test'));
  const notes = await t.database.db
    .insert(annotations)
    .values(
      Array.from({ length: 40 }, () => ({
        organizationId: 1,
        dealershipId: FIXTURE.dealershipId,
        noteDate: '2026-11-10',
        body: 'Tenancy note',
        authorId: dealer!.id,
      })),
    )
    .returning({ id: annotations.id });
  accounts.notes = notes.map((note) => note.id);
}
/** The Google Ads sandbox account assigned to dealership 101; 1000000002 is assigned to none. */
const SCOPED_ACCOUNT = '1000000001';
const UNASSIGNED_ACCOUNT = '1000000002';
let selfServiceId = 0;
afterAll(async () => {
  await removeReportFixtures(t);
  await t.close();
});

/** Every route of the app whose path names an organization: the tenant-scoped API. */
function tenantRoutes() {
  const routes = t.app.routeTable.filter((r) => r.url.includes(':organization_id'));
  expect(routes.length).toBeGreaterThan(3);
  return routes;
}

/**
 * Routes outside the tenant prefix, each with what an anonymous request gets. A new route must be
 * added here (or live under the tenant prefix), so that no route escapes these checks.
 */
const publicRoutes: Record<string, { status: number; payload?: unknown }> = {
  'GET /api/health': { status: 200 },
  'POST /api/auth/login': { status: 400, payload: {} },
  'POST /api/auth/logout': { status: 204 },
  'GET /api/me': { status: 401 },
  'GET /api/organizations': { status: 401 },
  'POST /api/admin/ingest': { status: 401 },
  'GET /api/admin/inventory_data_providers': { status: 401 },
  'GET /api/reference/dma-boundaries': { status: 401 },
  // The signature is the credential of a file URL: without one, 403.
  'GET /api/files/*': { status: 403 },
  'PUT /api/uploads/*': { status: 403, payload: 'x' },
  'GET /api/reference/media-markets': { status: 401 },
  'GET /api/reference/zip-dmas': { status: 401 },
  'GET /api/platforms/oauth/callback': { status: 401 },
  'GET /api/platforms/sandbox/authorize': { status: 401 },
  // Emailed links (issue 23): the token in the body is the credential; without one, 400.
  'POST /api/auth/invitation': { status: 400, payload: {} },
  'POST /api/auth/invitation/accept': { status: 400, payload: {} },
  'POST /api/auth/password-reset/request': { status: 400, payload: {} },
  'POST /api/auth/password-reset/check': { status: 400, payload: {} },
  'POST /api/auth/password-reset': { status: 400, payload: {} },
  'POST /api/admin/agencies': { status: 401, payload: {} },
  'GET /api/admin/audit-log': { status: 401 },
  'GET /api/admin/audit-log/csv': { status: 401 },
  'GET /api/admin/agencies': { status: 401 },
  // An agency's public brand (issue 20 §4): name, colour and logo only, for the sign-in page; the
  // demo agency has no logo.
  'GET /api/brands/:agency': { status: 200 },
  'GET /api/brands/:agency/logo': { status: 404 },
};

/** Drafts of dealership 101 the campaign-creation routes are called with (spec 001 §4). */
const wizard = { draft: 0, inventoryDraft: 0, nonInventoryDraft: 0, audience: 0, creative: '' };
async function createWizardFixtures() {
  const draft = async (product_code: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/1/dealership/101/campaigns',
      headers: authHeaders(cookies.agency),
      payload: { pacing_id: 1763200000, product_code, is_incomplete: 1 },
    });
    return response.json().link_campaign_id as number;
  };
  wizard.draft = await draft('DYD');
  wizard.inventoryDraft = await draft('DYD');
  wizard.nonInventoryDraft = await draft('MOB');
  const audiences = await t.app.inject({
    method: 'GET',
    url: '/api/agencies/1/dealership/101/audiences',
    headers: authHeaders(cookies.agency),
  });
  wizard.audience = audiences.json().data[0]._id;
  wizard.creative = 'creatives/1/101/tenancy-fixture/banner.png';
  // In the uploads ledger for dealership 101, as signing writes it.
  await t.database.db.insert(creativeUploads).values({
    storageKey: wizard.creative,
    organizationId: 1,
    dealershipId: 101,
    productCode: 'MOB',
    declaredType: 'image/png',
    maxBytes: 1024 * 1024,
    fileName: 'banner.png',
  });
  // A real 1×1 PNG: recording a creative sniffs the stored bytes.
  await t.storage.put(
    wizard.creative,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  const name = (code: string) => `EchoPark Automotive Greenville - Tenancy [${code}1763200000]`;
  const base = {
    notes: '',
    budget: 5000,
    zip: 'Greenville-Spartanburg-Asheville-Anderson',
    pacing_id: 1763200000,
    campaign_display_name: 'Tenancy',
    start_date: '2026-12-01',
    end_date: '2026-12-31',
  };
  const filters = Object.fromEntries(
    Object.keys(inventoryFilterFieldsSchema.shape).map((k) => [
      k,
      k === 'no_price_only' || k === 'exclude_if_no_price' ? 0 : null,
    ]),
  );
  payloads[`${TENANT_PREFIX}/campaigns`] = { pacing_id: 1763200000, product_code: 'MOB', is_incomplete: 1 };
  payloads[`${TENANT_PREFIX}/campaigns/:link_campaign_id`] = {
    link_campaign_id: wizard.draft,
    data: { objective: 'awareness' },
  };
  payloads[`${TENANT_PREFIX}/campaigns/creative/upload-url`] = {
    mimeType: 'image/png',
    fileName: 'banner.png',
    bucket_name: 'creatives',
    product_code: 'MOB',
  };
  payloads[`${TENANT_PREFIX}/campaigns/creative`] = {
    link_campaign_id: wizard.nonInventoryDraft,
    is_active: 1,
    creative_image: wizard.creative,
  };
  payloads[`${TENANT_PREFIX}/campaigns/create-inventory-campaign`] = {
    ...base,
    ...filters,
    link_campaign_id: wizard.inventoryDraft,
    vendor_campaign_name: name('DYD'),
    product: 'Dynamic Inventory Display',
    product_code: 'DYD',
    is_active: 1,
    allowed_vehicle_states: 'New,Used,Certified used',
    inventory_data_providers: 'Cars.com',
    inventory_data_provider_clients: '101',
  };
  payloads[`${TENANT_PREFIX}/campaigns/create-noninventory-campaign`] = {
    ...base,
    link_campaign_id: wizard.nonInventoryDraft,
    vendor_campaign_name: name('MOB'),
    campaign_type: 'Non Inventory Campaign',
    objective: 'awareness',
    audience: ['None'],
    primary_kpi: null,
    secondary_kpi: null,
    tertiary_kpi: null,
    product: 'Mobile Display',
    product_code: 'MOB',
    creatives: wizard.creative,
  };
  payloads[`${TENANT_PREFIX}/inventory/feed`] =
    'vin,year,make,model,vehicle_state\n1HGCM82633A004352,2024,Honda,Accord,New\n';
}

/**
 * Tenant routes only an agency administrator (role 2 or lower) may call — the operations whose
 * descriptor leaves the dealership user out of `roles` (issue 19 §1): a dealership user gets 403
 * from the running app, so a descriptor that says one thing and a route that does another fails.
 */
const adminOnly = new Set(
  operationList
    .filter((operation) => !operation.roles.includes(ROLE_DEALERSHIP_USER))
    .map((operation) => `${operation.method} ${operation.path}`),
);

type Ids = { org: number; dealer: number; campaign: number };

/** The campaign of dealership 101 for which a route answers 200: the audience one for audience calls, else the DYD one with every setting on. */
const campaignFor = (url: string) =>
  url.includes('/self-service/') ? selfServiceId : url.includes('/audiences/') ? FIXTURE.audience : FIXTURE.dyd;

/** Request bodies of the tenant-scoped POST routes. */
const payloads: Record<string, unknown> = {
  [`${TENANT_PREFIX}/analytics/events`]: { name: 'create_campaign', properties: {} },
  [`${TENANT_PREFIX}/campaigns/month-over-month/excel`]: { dateFilter: '3_month' },
  [`${TENANT_PREFIX}/campaigns/report-generator`]: {
    // A user who may open the dealership: reports are emailed only to the tenant's users or allowed domains.
    email: 'dealer@demo.test',
    campaigns: [FIXTURE.dyd],
    metrics: { impressions: true },
    reportFormat: 'csv',
    period: 'last_month',
  },
  [`${TENANT_PREFIX}/campaigns/report-schedules/:schedule_id`]: { paused: true },
  [`${TENANT_PREFIX}/campaigns/report-schedules/:schedule_id/send-now`]: {},
  [`${TENANT_PREFIX}/utils/google_spreadsheet/check-access`]: {
    spreadsheet_url: 'https://docs.google.com/spreadsheets/d/tenancySheet123/edit',
    service_email: null,
  },
  [`${TENANT_PREFIX}/campaigns/self-service/import`]: {
    vendor_id: 1,
    agency_id: 1,
    account_name: 'Sandbox Search',
    campaign_ids: ['20000001'],
    customer_account_id: '1000000001',
    login_customer_id: '9000000001',
  },
  [`${TENANT_PREFIX}/campaigns/self-service/edit`]: { campaign_id: 0, vendor_id: 1, status: 'active' },
  '/api/agencies/:organization_id/dsp/platforms/:vendor_id/connect': { dealership_id: 101 },
  '/api/agencies/:organization_id/dsp/accounts/refresh': { vendor_id: 1 },
  '/api/agencies/:organization_id/dsp/platforms/:vendor_id/disconnect': {},
  '/api/agencies/:organization_id/dsp/platforms/:vendor_id/account-assignments/:account_id': {
    dealership_ids: [101],
  },
  // Moves the campaign to the dealership it is in: allowed, and the fixture stays where it is.
  [`${TENANT_PREFIX}/campaigns/self-service/:campaign_id/move`]: { dealership_id: 101 },
  '/api/agencies/:organization_id/email-domains': { domain: 'tenancy.test' },
  // Each call invites another address (request() numbers them): an address is invited once.
  '/api/agencies/:organization_id/invitations': {
    email: 'tenancy@dealer.test',
    name: 'Tenancy',
    role_id: 3,
    dealership_ids: [101],
  },
  '/api/agencies/:organization_id/invitations/:invitation_id/resend': {},
  '/api/agencies/:organization_id/users/:user_id': { dealership_ids: [101] },
  '/api/agencies/:organization_id/users/:user_id/deactivate': {},
  '/api/agencies/:organization_id/users/:user_id/reactivate': {},
  '/api/agencies/:organization_id/alerts/:alert_id/acknowledge': {},
  '/api/agencies/:organization_id/alerts/:alert_id/snooze': { until: '2026-12-31' },
  '/api/agencies/:organization_id/alerts/:alert_id/comments': { body: 'Tenancy' },
  '/api/agencies/:organization_id/alert-settings': {
    anomaly_sigma: 3,
    volume_floor: 1000,
    zero_day_lookback: 7,
    webhook_url: null,
    pacing_low: 95,
    pacing_high: 105,
    stale_after_hour: 10,
  },
  // Issue 21 §4: a note on a date, and a change to one.
  [`${TENANT_PREFIX}/annotations`]: { date: '2026-11-10', text: 'Tenancy' },
  [`${TENANT_PREFIX}/annotations/:annotation_id`]: { text: 'Tenancy changed' },
  // Issue 22 §1: a sales CSV, previewed and uploaded.
  [`${TENANT_PREFIX}/sales/preview`]: { csv: 'VIN,Deal Date,New/Used\n1HGCM82633A004352,2026-11-01,N\n' },
  [`${TENANT_PREFIX}/sales/upload`]: { csv: 'VIN,Deal Date,New/Used\n1HGCM82633A004352,2026-11-01,N\n' },
  // Issue 22 §2: the agency's attribution window and model.
  '/api/agencies/:organization_id/attribution-settings': { window_days: 30, model: 'last_touch' },
  // Issue 20 §4: the agency's branding and logo (a 1×1 PNG).
  '/api/agencies/:organization_id/branding': {
    display_name: null,
    primary_color: '#1864ab',
    email_sender_name: null,
    email_reply_to: null,
    paper_size: 'letter',
  },
  '/api/agencies/:organization_id/branding/logo': {
    content_type: 'image/png',
    data_base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGMwNjYGAAE2AJp53qClAAAAAElFTkSuQmCC',
  },
};
let invited = 0;

/**
 * Routes on a record of the signed-in user (a scheduled report): the tenancy checks run before the
 * record is looked up, and for the allowed users the made-up id answers 404 from the route itself.
 */
const missingRecordRoutes = new Set([
  `PATCH ${TENANT_PREFIX}/campaigns/report-schedules/:schedule_id`,
  `DELETE ${TENANT_PREFIX}/campaigns/report-schedules/:schedule_id`,
  `POST ${TENANT_PREFIX}/campaigns/report-schedules/:schedule_id/send-now`,
  // Issue 21 §5: a schedule's delivery log.
  `GET ${TENANT_PREFIX}/campaigns/report-schedules/:schedule_id/deliveries`,
]);

/** Values for query parameters a route requires beyond the date range. */
const knownQuery: Record<string, string> = { site: 'news.example.com' };

/** The URL of a route with every path parameter and every required query parameter filled; throws when one cannot be. */
function fill(route: RouteTableEntry, ids: Ids): string {
  const path = route.url.replace(/:(\w+)|\*/g, (match, name: string | undefined) => {
    if (match === '*') return 'recordings/fixture-call-1.mp3';
    const value = {
      organization_id: ids.org,
      dealership_id: ids.dealer,
      campaign_id: ids.campaign,
      vin: fixtureVins()[0],
      link_campaign_id: route.method === 'DELETE' ? ids.campaign : wizard.draft,
      audience_id: wizard.audience,
      schedule_id: 2_000_000_000,
      vendor_id: 1,
      account_id: SCOPED_ACCOUNT,
      domain: 'tenancy.test',
      // Issue 23 fixtures of agency 1: a pending invitation to send again, one to revoke, a dealership user.
      invitation_id: route.method === 'DELETE' ? accounts.revokable : accounts.invitation,
      user_id: accounts.user,
      alert_id: accounts.alert,
      annotation_id:
        name === 'annotation_id' && route.method === 'DELETE' ? accounts.notes[nextNote++] : accounts.notes[0],
      agency: ids.org,
    }[name as 'organization_id'];
    if (value === undefined) throw new Error(`${route.method} ${route.url}: no value for the path parameter :${name}`);
    return String(value);
  });
  const query: Record<string, string> = {
    startDate: '2026-10-01',
    endDate: '2026-11-14',
    start_date: '2026-10-01',
    end_date: '2026-11-14',
    customer_account_id: SCOPED_ACCOUNT,
    login_customer_id: '9000000001',
  };
  const schema = route.querystring as ZodType | undefined;
  if (schema) {
    const first = schema.safeParse(query);
    if (!first.success) {
      for (const issue of first.error.issues) {
        const key = String(issue.path[0]);
        if (!(key in knownQuery))
          throw new Error(`${route.method} ${route.url}: no value for the query parameter ${key} (${issue.message})`);
        query[key] = knownQuery[key]!;
      }
      const second = schema.safeParse(query);
      if (!second.success)
        throw new Error(`${route.method} ${route.url}: query cannot be filled: ${second.error.message}`);
    }
  }
  return `${path}?${new URLSearchParams(query).toString()}`;
}

function request(route: RouteTableEntry, ids: Ids, cookie?: string) {
  const known = route.method === 'DELETE' ? undefined : payloads[route.url];
  // The status edit names its campaign in the body: the self-service fixture, or the other tenant's.
  const payload =
    known && route.url.endsWith('/self-service/edit')
      ? { ...known, campaign_id: ids.campaign === selfServiceId ? selfServiceId : OTHER.campaignId }
      : known && route.url.endsWith('/invitations')
        ? { ...known, email: `tenancy-${++invited}@dealer.test` }
        : known;
  if (route.method !== 'GET' && route.method !== 'DELETE' && payload === undefined)
    throw new Error(`${route.method} ${route.url}: no request body known`);
  return t.app.inject({
    method: route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: fill(route, ids),
    headers: {
      ...(cookie ? authHeaders(cookie) : {}),
      ...(typeof payload === 'string' ? { 'content-type': 'text/csv' } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const own = (route: RouteTableEntry): Ids => ({
  org: 1,
  dealer: FIXTURE.dealershipId,
  campaign: campaignFor(route.url),
});

describe('tenancy on every tenant-scoped route', () => {
  it('covers the campaign and report routes under the tenant prefix', () => {
    const urls = tenantRoutes().map((r) => r.url);
    expect(urls).toContain(`${TENANT_PREFIX}/campaigns`);
    expect(urls).toContain(`${TENANT_PREFIX}/campaigns/summary`);
    expect(urls).toContain(`${TENANT_PREFIX}/campaigns/:campaign_id/report`);
    expect(urls).toContain(`${TENANT_PREFIX}/inventory/vehicles/:vin`);
    expect(urls).toContain(`${TENANT_PREFIX}/campaigns/display/:campaign_id/site-list/creative-size`);
  });

  it('every other route is listed with its anonymous answer, and gets it', async () => {
    const others = t.app.routeTable.filter((r) => !r.url.includes(':organization_id'));
    expect(others.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(publicRoutes).sort());
    for (const route of others) {
      const expected = publicRoutes[`${route.method} ${route.url}`]!;
      const response = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url: fill(route, own(route)),
        ...(expected.payload === undefined ? {} : { payload: expected.payload as object }),
        ...(typeof expected.payload === 'string' ? { headers: { 'content-type': 'image/png' } } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(expected.status);
    }
  });

  it('fails loudly for a route it cannot fill', () => {
    expect(() =>
      fill({ method: 'GET', url: `${TENANT_PREFIX}/things/:thing_id` }, own({ method: 'GET', url: '' })),
    ).toThrow(/no value for the path parameter :thing_id/);
  });

  it('anonymous requests get 401', async () => {
    for (const route of tenantRoutes()) {
      const response = await request(route, own(route));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      errorResponseSchema.parse(response.json());
    }
  });

  it('a dealership user gets 404 for another dealership of its agency and for another agency', async () => {
    for (const route of tenantRoutes()) {
      for (const ids of [
        ...(route.url.includes(':dealership_id') ? [{ org: 1, dealer: 102, campaign: campaignFor(route.url) }] : []),
        { org: OTHER.organizationId, dealer: OTHER.dealershipId, campaign: OTHER.campaignId },
        ...(route.url.includes(':dealership_id')
          ? [{ org: 1, dealer: OTHER.dealershipId, campaign: OTHER.campaignId }]
          : []),
      ]) {
        const response = await request(route, ids, cookies.dealer);
        expect(response.statusCode, `${route.method} ${route.url} ${JSON.stringify(ids)}`).toBe(404);
        expect(errorResponseSchema.parse(response.json()).error.code).toBe('NOT_FOUND');
      }
    }
  });

  it('an agency administrator of another agency gets 404 for every route of this agency', async () => {
    for (const route of tenantRoutes()) {
      const response = await request(route, own(route), cookies.otherAdmin);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });

  it('the agency administrator and platform staff open the agency; the dealership user its own dealership', async () => {
    for (const route of tenantRoutes()) {
      for (const who of ['agency', 'staff', 'dealer'] as const) {
        const response = await request(route, own(route), cookies[who]);
        const label = `${who} ${route.method} ${route.url}: ${response.body.slice(0, 200)}`;
        if (missingRecordRoutes.has(`${route.method} ${route.url}`)) {
          expect(response.statusCode, label).toBe(404);
          expect(response.json().error.message).toBe('Scheduled report not found');
          continue;
        }
        if (who === 'dealer' && adminOnly.has(`${route.method} ${route.url}`))
          expect(response.statusCode, label).toBe(403);
        else expect(response.statusCode, label).toBeLessThan(300);
      }
    }
    // Every tenant route three times, the PDF exports included: over a minute on a busy 2-core machine.
  }, 300_000);

  it('a campaign of another dealership is 404 on every campaign route, even for platform staff', async () => {
    for (const route of tenantRoutes().filter((r) => r.url.includes(':campaign_id'))) {
      for (const campaign of [OTHER.campaignId, FIXTURE.dynOff]) {
        const response = await request(route, { org: 1, dealer: FIXTURE.dealershipId, campaign }, cookies.staff);
        expect(response.statusCode, `${route.url} ${campaign}`).toBe(404);
      }
    }
  });

  it('platform staff open another agency, but a campaign of another dealership stays 404', async () => {
    const ownList = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/${OTHER.organizationId}/dealership/${OTHER.dealershipId}/campaigns?startDate=2026-11-01&endDate=2026-11-14`,
      headers: authHeaders(cookies.staff),
    });
    expect(ownList.statusCode).toBe(200);
    expect(ownList.json().data.map((c: { client_campaign_id: number }) => c.client_campaign_id)).toEqual([
      OTHER.campaignId,
    ]);
    const crossed = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/dealership/101/campaigns/${OTHER.campaignId}?startDate=2026-11-01&endDate=2026-11-14`,
      headers: authHeaders(cookies.staff),
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('a dealership user uses only the platform accounts assigned to the dealership (every /dsp/ route)', async () => {
    const dspRoutes = tenantRoutes().filter((r) => r.url.includes('/dsp/') || r.url.includes('/self-service/import'));
    expect(dspRoutes.length).toBeGreaterThanOrEqual(7);
    // The matrix above disconnected the platform; a reconnect keeps the account assignments.
    await connectSandbox(t.app, cookies.agency, 1, FIXTURE.dealershipId, 1);
    for (const route of dspRoutes) {
      const url = fill(route, own(route)).replaceAll(SCOPED_ACCOUNT, UNASSIGNED_ACCOUNT);
      const known = payloads[route.url];
      const payload =
        known && typeof known === 'object'
          ? JSON.parse(
              JSON.stringify(known).replaceAll(SCOPED_ACCOUNT, UNASSIGNED_ACCOUNT).replace('20000001', '20000002'),
            )
          : known;
      const response = await t.app.inject({
        method: route.method as 'GET' | 'POST' | 'PUT',
        url,
        headers: authHeaders(cookies.dealer),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      const label = `${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      if (response.statusCode < 300) expect(response.body, label).not.toContain(UNASSIGNED_ACCOUNT);
      else expect([403, 404], label).toContain(response.statusCode);
    }
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dsp/accounts?vendor_id=1',
      headers: authHeaders(cookies.dealer),
    });
    expect(accounts.json().data.map((a: { value: string }) => a.value)).toEqual([SCOPED_ACCOUNT]);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dsp/accounts?vendor_id=1',
      headers: authHeaders(cookies.agency),
    });
    expect(all.json().data.map((a: { value: string }) => a.value)).toEqual([SCOPED_ACCOUNT, UNASSIGNED_ACCOUNT]);
  });

  it('no response carries another tenant’s rows', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dealership/101/campaigns?startDate=2020-01-01&endDate=2026-12-31&pageSize=1000',
      headers: authHeaders(cookies.agency),
    });
    const ids = list.json().data.map((c: { client_campaign_id: number }) => c.client_campaign_id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(OTHER.campaignId);
    expect(ids).not.toContain(FIXTURE.dynOff);
    const dealerships = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dealerships',
      headers: authHeaders(cookies.dealer),
    });
    expect(dealerships.json().data.map((d: { id: number }) => d.id)).toEqual([101]);
    const agencyDealerships = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dealerships',
      headers: authHeaders(cookies.agency),
    });
    expect(agencyDealerships.json().data.map((d: { id: number }) => d.id)).not.toContain(OTHER.dealershipId);
    const otherList = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/2/dealerships',
      headers: authHeaders(cookies.agency),
    });
    expect(otherList.statusCode).toBe(404);
    const orgs = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: authHeaders(cookies.agency) });
    expect(orgs.json().data).toEqual([{ id: 1, name: expect.any(String) }]);
    const staffOrgs = await t.app.inject({
      method: 'GET',
      url: '/api/organizations',
      headers: authHeaders(cookies.staff),
    });
    expect(staffOrgs.json().data.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([1, 2]));
  });
});
