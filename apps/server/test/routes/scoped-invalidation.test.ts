import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DATA_KINDS, UNWATCHED_TABLES } from '../../src/db/change-notifications';
import { RESPONSE_CACHE_IGNORED_KINDS } from '../../src/plugins/external/http-cache';
import { createOtherTenant, OTHER } from '../factories/other-tenant';
import { authHeaders, build, login, readDemoFile, type TestContext } from '../helper';

/**
 * Tenant-scoped invalidation of the response cache (issue 24 §1; db/change-notifications.ts,
 * plugins/external/http-cache.ts) on the real app and database. Whether an answer was served from
 * the cache is read from its `x-response-cache` header (hit / miss), never from timing: a change of
 * one dealership must make that dealership's next answer a miss (computed afresh, with the change)
 * and leave every other dealership's answer a hit.
 */
let t: TestContext;
let staff: string;
beforeAll(async () => {
  t = await build();
  await createOtherTenant(t.database.db);
  staff = await login(t.app, 'staff@demo.test');
  await seedEmptyTables();
});

/** A row in each watched table the demo leaves empty, all of dealership A (organization 1). */
async function seedEmptyTables() {
  const a = A.dealershipId;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const [draft] = await all(
    sql`insert into campaign_drafts (dealership_id, product_code, pacing_id) values (${a}, 'INV', 1) returning id`,
  );
  await exec(sql`insert into creative_uploads (storage_key, organization_id, dealership_id, product_code, declared_type, max_bytes, file_name)
    values ('creatives/scoped.png', 1, ${a}, 'INV', 'image/png', 1000, 'scoped.png')`);
  await exec(sql`insert into campaign_draft_creatives (draft_id, dealership_id, storage_key)
    values (${Number(draft!.id)}, ${a}, 'creatives/scoped.png')`);
  await exec(sql`insert into organization_email_domains (organization_id, domain) values (1, 'seeded-scope.test')`);
  await exec(sql`insert into platform_connections (organization_id, vendor_id, access_token_enc) values (1, 1, 'x')`);
  await exec(sql`insert into platform_account_assignments (organization_id, vendor_id, account_id, dealership_id)
    values (1, 1, 'scoped-account', ${a})`);
  const [campaign] = await all(sql`insert into self_service_campaigns
      (organization_id, dealership_id, vendor_id, vendor_campaign_id, name, account_id, account_name, login_customer_id, start_date, status_name, status)
    values (1, ${a}, 1, 'scoped-1', 'Scoped', 'scoped-account', 'Scoped', 'x', '2026-10-01', 'active', 'available') returning id`);
  await exec(
    sql`insert into self_service_daily_metrics (campaign_id, date) values (${Number(campaign!.id)}, '2026-11-10')`,
  );
  await exec(sql`insert into self_service_product_daily (campaign_id, date, product_item_id, product_title)
    values (${Number(campaign!.id)}, '2026-11-10', 'p1', 'Product')`);
  const [schedule] = await all(sql`insert into report_schedules
      (organization_id, dealership_id, user_id, email, request, report_format, period, interval_type, day, starts_on)
    values (1, ${a}, (select id from users where organization_id = 1 order by id limit 1), 'a@scoped.test', '{}', 'pdf',
      'last_month', 'monthly', 1, '2026-11-01') returning id`);
  await exec(
    sql`insert into report_schedule_runs (schedule_id, run_date) values (${Number(schedule!.id)}, '2026-11-01')`,
  );
  await exec(sql`insert into report_deliveries (key) values ('scoped-invalidation-test')`);
  // Issue 22: a sold vehicle and a day of inventory history.
  await exec(sql`insert into vehicle_sales (dealership_id, vin, sold_date, deal_type)
    values (${a}, '1HGCM82633A004352', '2026-11-01', 'used') on conflict do nothing`);
  await exec(sql`insert into inventory_snapshots (dealership_id, vin, snapshot_date)
    values (${a}, '1HGCM82633A004352', '2026-11-01') on conflict do nothing`);
  // Issue 21 §5: the delivery log of that run.
  await exec(sql`insert into report_schedule_deliveries (schedule_id, organization_id, dealership_id, run_date, recipient, queued_at)
    values (${Number(schedule!.id)}, 1, ${a}, '2026-11-01', 'a@scoped.test', now())`);
  // Issue 23: an invitation; issue 21: an agency's own pacing band (the defaults, so no answer changes).
  await exec(sql`insert into user_invitations (organization_id, email, name, role_id, token_hash, sent_at, expires_at)
    values (1, 'invited@scoped.test', 'Invited', 3, 'scoped-invalidation-token', now(), now() + interval '72 hours')`);
  await exec(sql`insert into agency_trust_settings (organization_id) values (1) on conflict do nothing`);
}
afterAll(async () => t.close());

type Rows = Array<Record<string, unknown>>;
const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query)) as unknown as { rows: Rows };
const all = async (query: ReturnType<typeof sql>) => (await rows(query)).rows;

const RANGE = 'startDate=2026-11-01&endDate=2026-11-14';
const listOf = (organizationId: number, dealershipId: number) =>
  `/api/agencies/${organizationId}/dealership/${dealershipId}/campaigns?${RANGE}`;
const get = (url: string, cookie = staff) => t.app.inject({ method: 'GET', url, headers: authHeaders(cookie) });
const cacheOf = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, url).toBe(200);
  return response.headers['x-response-cache'];
};

interface Probe {
  organizationId: number;
  dealershipId: number;
}
const url = (probe: Probe) => listOf(probe.organizationId, probe.dealershipId);
/**
 * Asks each probe's list until it is kept (a hit), so that a following miss can only be a drop. A
 * write's notification reaches every listening connection of the pool, the idle ones a moment after
 * the write returned: one that lands while the answers are being warmed drops one again, so each is
 * asked until two answers in a row are hits (at most 50 rounds).
 */
const warm = async (probes: Probe[]) => {
  for (let round = 0; round < 50; round += 1) {
    let kept = true;
    for (const probe of probes) {
      await get(url(probe));
      if ((await cacheOf(url(probe))) !== 'hit') kept = false;
    }
    if (kept) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const states = await Promise.all(probes.map(async (probe) => cacheOf(url(probe))));
      if (states.every((state) => state === 'hit')) return;
    } else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (const probe of probes) expect(await cacheOf(url(probe)), `${url(probe)} is kept`).toBe('hit');
};

const demoDealerships = readDemoFile('dealerships');
const A: Probe = { organizationId: 1, dealershipId: Number(demoDealerships[0]!.id) };
const B: Probe = {
  organizationId: 1,
  dealershipId: Number(demoDealerships.find((d) => d.id !== demoDealerships[0]!.id)!.id),
};
const C: Probe = { organizationId: OTHER.organizationId, dealershipId: OTHER.dealershipId };

describe('a write drops only the answers it can change', () => {
  it('every watched table: a write to a row drops its dealership (or organization), keeps the others; drafts and job bookkeeping keep everything', async () => {
    const tables = (
      await all(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`)
    ).map((r) => String(r.name));
    const watched = tables.filter((name) => !(UNWATCHED_TABLES as readonly string[]).includes(name));
    expect(watched.length).toBeGreaterThan(30);
    const empty: string[] = [];
    const checked: string[] = [];
    for (const table of watched) {
      const columns = await all(sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
          and coalesce(identity_generation, '') <> 'ALWAYS' order by ordinal_position`);
      const names = columns.map((c) => String(c.name));
      // A row that names its tenant where the table has tenant columns.
      const filter = ['organization_id', 'dealership_id'].filter((c) => names.includes(c));
      const where = filter.length ? `where ${filter.map((c) => `${c} is not null`).join(' and ')}` : '';
      const [row] = await all(sql.raw(`select ctid::text as ctid, * from ${table} ${where} limit 1`));
      if (!row) {
        empty.push(table);
        continue;
      }
      // The tenant of the row, found here from the schema's own references.
      let organizationId: number | null = null;
      let dealershipId: number | null = null;
      const scalar = async (query: string) => {
        const [r] = await all(sql.raw(query));
        return r ? Number(Object.values(r)[0]) : null;
      };
      if (table === 'dealerships') dealershipId = Number(row.id);
      else if (table === 'organizations') organizationId = Number(row.id);
      else if (row.dealership_id != null) dealershipId = Number(row.dealership_id);
      else if (row.organization_id != null) organizationId = Number(row.organization_id);
      else if (row.campaign_id != null)
        dealershipId = await scalar(
          `select dealership_id from ${table.startsWith('self_service') ? 'self_service_campaigns' : 'managed_campaigns'} where id = ${Number(row.campaign_id)}`,
        );
      else if (row.schedule_id != null)
        dealershipId = await scalar(`select dealership_id from report_schedules where id = ${Number(row.schedule_id)}`);
      if (dealershipId !== null)
        organizationId = await scalar(`select organization_id from dealerships where id = ${dealershipId}`);

      const kind = DATA_KINDS[table]?.kind ?? 'data';
      // The probes: the row's own dealership (or one of its organization), another of the same
      // organization, one of another organization.
      const own: Probe | null =
        organizationId === null
          ? null
          : {
              organizationId,
              dealershipId:
                dealershipId ??
                (await scalar(
                  `select id from dealerships where organization_id = ${organizationId} order by id limit 1`,
                ))!,
            };
      const probes = own ? [own, ...[A, B, C].filter((p) => p.dealershipId !== own.dealershipId)] : [A, B, C];
      const sibling = probes.find((p) => p !== own && own && p.organizationId === own.organizationId);
      const stranger = probes.find((p) => own && p.organizationId !== own.organizationId)!;
      await warm(probes);
      const column = names[0]!;
      await t.database.db.execute(
        sql.raw(`update ${table} set ${column} = ${column} where ctid = '${String(row.ctid)}'::tid`),
      );
      const after = new Map<Probe, unknown>();
      for (const probe of probes) after.set(probe, await cacheOf(url(probe)));
      const label = `${table} (${kind}, organization ${organizationId}, dealership ${dealershipId})`;
      if (RESPONSE_CACHE_IGNORED_KINDS.has(kind)) {
        for (const probe of probes) expect(after.get(probe), `${label}: ${url(probe)}`).toBe('hit');
      } else if (!own || !DATA_KINDS[table]) {
        for (const probe of probes) expect(after.get(probe), `${label}: ${url(probe)}`).toBe('miss');
      } else if (dealershipId !== null) {
        expect(after.get(own), `${label}: its own dealership`).toBe('miss');
        if (sibling) expect(after.get(sibling), `${label}: another dealership of its organization`).toBe('hit');
        expect(after.get(stranger), `${label}: another organization`).toBe('hit');
      } else {
        expect(after.get(own), `${label}: its organization`).toBe('miss');
        if (sibling) expect(after.get(sibling), `${label}: its organization`).toBe('miss');
        expect(after.get(stranger), `${label}: another organization`).toBe('hit');
      }
      checked.push(table);
    }
    // Every watched table has a row (seedEmptyTables), so every one is written here.
    expect(empty.sort()).toEqual(EMPTY_IN_DEMO);
    expect(checked.length).toBe(watched.length - empty.length);
  });

  it('ingestion of one dealership’s files: its answers have the new numbers, every other dealership’s stay kept', async () => {
    const [campaign] = await all(
      sql`select id from managed_campaigns where dealership_id = ${A.dealershipId} order by id limit 1`,
    );
    const campaignId = Number(campaign!.id);
    await warm([A, B, C]);
    const clicksBefore = await clicksOf(A, campaignId);
    const [metrics] = await all(
      sql`select * from campaign_daily_metrics where campaign_id = ${campaignId} and date = '2026-11-10'`,
    );
    const form = new FormData();
    form.append(
      'file',
      new Blob(
        [
          'client_campaign_id,date,impressions,clicks,views,reach,spend,conversions,sales,calls,leads\n' +
            `${campaignId},2026-11-10,${Number(metrics?.impressions ?? 0)},${Number(metrics?.clicks ?? 0) + 5},0,,0,0,0,0,0\n`,
        ],
        { type: 'text/csv' },
      ),
      'campaign_daily_metrics.csv',
    );
    const request = new Request('http://localhost/api/admin/ingest', { method: 'POST', body: form });
    const ingested = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ingest',
      headers: { ...authHeaders(staff), 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(ingested.statusCode, ingested.body).toBe(200);
    expect(await cacheOf(url(B))).toBe('hit');
    expect(await cacheOf(url(C))).toBe('hit');
    const response = await get(url(A));
    expect(response.headers['x-response-cache']).toBe('miss');
    expect(clicksIn(response.json(), campaignId)).toBe(clicksBefore + 5);
  });

  it('a draft autosaved, an analytics event, a sign-in and a sign-out keep every answer', async () => {
    await warm([A, B, C]);
    const agency = await login(t.app, 'agency@demo.test');
    const base = `/api/agencies/1/dealership/${A.dealershipId}`;
    const draft = await t.app.inject({
      method: 'POST',
      url: `${base}/campaigns`,
      headers: authHeaders(agency),
      payload: { pacing_id: 1763200000, product_code: 'INV', is_incomplete: 1 },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().link_campaign_id as number;
    for (let i = 0; i < 3; i += 1) {
      const saved = await t.app.inject({
        method: 'PATCH',
        url: `${base}/campaigns/${id}`,
        headers: authHeaders(agency),
        payload: { notes: `autosave ${i}` },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const event = await t.app.inject({
      method: 'POST',
      url: `${base}/analytics/events`,
      headers: authHeaders(agency),
      payload: { name: 'create_campaign', properties: { tab: 'list' } },
    });
    expect(event.statusCode).toBe(204);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(agency) });
    for (const probe of [A, B, C]) expect(await cacheOf(url(probe)), url(probe)).toBe('hit');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${base}/campaigns/${id}`,
      headers: authHeaders(await login(t.app, 'agency@demo.test')),
    });
    expect(removed.statusCode).toBeLessThan(300);
    for (const probe of [A, B, C]) expect(await cacheOf(url(probe)), url(probe)).toBe('hit');
  });

  it('an agency-level write (an e-mail domain of the organization) drops that organization’s answers only', async () => {
    await warm([A, B, C]);
    const agency = await login(t.app, 'agency@demo.test');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/1/email-domains',
      headers: authHeaders(agency),
      payload: { domain: 'scoped-cache.test' },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    expect(await cacheOf(url(A))).toBe('miss');
    expect(await cacheOf(url(B))).toBe('miss');
    expect(await cacheOf(url(C))).toBe('hit');
    await t.app.inject({
      method: 'DELETE',
      url: '/api/agencies/1/email-domains/scoped-cache.test',
      headers: authHeaders(agency),
    });
  });

  it('every state-changing route is listed with the tables it writes, each of them watched with a kind or unwatched', () => {
    const routes = t.app.routeTable
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(routes).toEqual(Object.keys(ROUTE_WRITES).sort());
    for (const [route, written] of Object.entries(ROUTE_WRITES))
      for (const table of written)
        expect(
          table in DATA_KINDS || (UNWATCHED_TABLES as readonly string[]).includes(table),
          `${route} writes ${table}`,
        ).toBe(true);
  });
});

const clicksIn = (body: { data: Array<{ client_campaign_id: number; clicks: number }> }, campaignId: number) =>
  body.data.find((c) => c.client_campaign_id === campaignId)?.clicks ?? 0;
const clicksOf = async (probe: Probe, campaignId: number) => clicksIn((await get(url(probe))).json(), campaignId);

/** Watched tables without rows after the demo, the other tenant and `seedEmptyTables`. */
const EMPTY_IN_DEMO: string[] = [];

const TENANT = '/api/agencies/:organization_id/dealership/:dealership_id';
const AGENCY = '/api/agencies/:organization_id';
const DRAFTS = ['campaign_drafts', 'campaign_draft_creatives', 'creative_uploads'];
// A changed budget or status also writes its automatic note (issue 21 §4; unwatched).
const INGESTED = [
  'managed_campaigns',
  'campaign_daily_metrics',
  'campaign_sites',
  'phone_calls',
  'dealerships',
  'annotations',
];

/**
 * The tables each state-changing route writes. Each table's notifications are checked above (the
 * first test: its own dealership or organization dropped, the others kept; drafts and report-job
 * bookkeeping drop nothing), so a route listed here with its tables is covered; a route added later
 * fails the test until it is listed.
 */
const ROUTE_WRITES: Record<string, string[]> = {
  'POST /api/auth/login': ['sessions', 'login_failures', 'users'],
  'POST /api/auth/logout': ['sessions'],
  'POST /api/admin/ingest': INGESTED,
  'PUT /api/uploads/*': ['creative_uploads'],
  [`POST ${AGENCY}/email-domains`]: ['organization_email_domains'],
  [`DELETE ${AGENCY}/email-domains/:domain`]: ['organization_email_domains'],
  [`POST ${AGENCY}/dsp/platforms/:vendor_id/connect`]: ['platform_connections'],
  [`POST ${AGENCY}/dsp/accounts/refresh`]: ['platform_connections', 'platform_account_assignments'],
  [`PUT ${AGENCY}/dsp/platforms/:vendor_id/account-assignments/:account_id`]: ['platform_account_assignments'],
  [`POST ${AGENCY}/dsp/platforms/:vendor_id/disconnect`]: ['platform_connections'],
  [`POST ${TENANT}/analytics/events`]: ['analytics_events'],
  [`POST ${TENANT}/campaigns`]: DRAFTS,
  [`PATCH ${TENANT}/campaigns/:link_campaign_id`]: DRAFTS,
  [`DELETE ${TENANT}/campaigns/:link_campaign_id`]: DRAFTS,
  [`DELETE ${TENANT}/campaigns/:link_campaign_id/creative`]: DRAFTS,
  [`POST ${TENANT}/campaigns/creative/upload-url`]: DRAFTS,
  [`POST ${TENANT}/campaigns/creative`]: DRAFTS,
  [`POST ${TENANT}/campaigns/create-inventory-campaign`]: [...DRAFTS, 'managed_campaigns'],
  [`POST ${TENANT}/campaigns/create-noninventory-campaign`]: [...DRAFTS, 'managed_campaigns'],
  // A feed is the dated snapshot of the lot (issue 22 §1).
  [`POST ${TENANT}/inventory/feed`]: ['inventory_vehicles', 'inventory_snapshots'],
  // Issue 22 §1: the sales upload (the preview writes nothing).
  [`POST ${TENANT}/sales/preview`]: [],
  [`POST ${TENANT}/sales/upload`]: ['vehicle_sales'],
  [`POST ${TENANT}/campaigns/self-service/import`]: [
    'self_service_campaigns',
    'self_service_daily_metrics',
    'self_service_product_daily',
  ],
  // The pause/resume writes its automatic note (issue 21 §4).
  [`POST ${TENANT}/campaigns/self-service/edit`]: ['self_service_campaigns', 'annotations'],
  [`POST ${TENANT}/campaigns/self-service/:campaign_id/move`]: ['self_service_campaigns'],
  [`POST ${TENANT}/campaigns/month-over-month/excel`]: ['report_quota_events'],
  [`POST ${TENANT}/campaigns/report-generator`]: ['report_schedules', 'report_schedule_runs', 'report_quota_events'],
  [`PATCH ${TENANT}/campaigns/report-schedules/:schedule_id`]: ['report_schedules'],
  [`POST ${TENANT}/campaigns/report-schedules/:schedule_id/send-now`]: [
    'report_schedule_runs',
    'report_deliveries',
    'report_schedule_deliveries',
  ],
  [`DELETE ${TENANT}/campaigns/report-schedules/:schedule_id`]: [
    'report_schedules',
    'report_schedule_runs',
    'report_schedule_deliveries',
  ],
  [`POST ${TENANT}/utils/google_spreadsheet/check-access`]: [],
  // Issue 23: users, invitations and password resets (the audit row each writes is unwatched).
  'POST /api/admin/agencies': ['organizations', 'user_invitations'],
  [`POST ${AGENCY}/invitations`]: ['user_invitations'],
  [`POST ${AGENCY}/invitations/:invitation_id/resend`]: ['user_invitations'],
  [`DELETE ${AGENCY}/invitations/:invitation_id`]: ['user_invitations'],
  [`PATCH ${AGENCY}/users/:user_id`]: ['users', 'user_dealerships', 'sessions'],
  [`POST ${AGENCY}/users/:user_id/deactivate`]: ['users', 'sessions'],
  // Issue 21 §3: the alert centre and the agency's alert thresholds.
  [`POST ${AGENCY}/alerts/:alert_id/acknowledge`]: ['alerts'],
  [`POST ${AGENCY}/alerts/:alert_id/snooze`]: ['alerts'],
  [`POST ${AGENCY}/alerts/:alert_id/comments`]: ['alert_comments'],
  [`PUT ${AGENCY}/alert-settings`]: ['agency_trust_settings'],
  [`POST ${AGENCY}/users/:user_id/reactivate`]: ['users'],
  'POST /api/auth/invitation': [],
  'POST /api/auth/invitation/accept': ['user_invitations', 'users', 'user_dealerships', 'sessions'],
  'POST /api/auth/password-reset/request': ['password_reset_tokens'],
  'POST /api/auth/password-reset/check': [],
  'POST /api/auth/password-reset': ['password_reset_tokens', 'users', 'sessions'],
  // Issue 20 §4: the agency's branding lives on its organizations row (the logo's bytes in storage).
  [`PUT ${AGENCY}/branding`]: ['organizations'],
  [`PUT ${AGENCY}/branding/logo`]: ['organizations'],
  [`DELETE ${AGENCY}/branding/logo`]: ['organizations'],
  // Issue 22 §2: the attribution window, model and aged threshold live on the organizations row.
  [`PATCH ${AGENCY}/attribution-settings`]: ['organizations'],
  // Issue 21 §4: notes on a date (unwatched: no kept answer carries them).
  [`POST ${TENANT}/annotations`]: ['annotations'],
  [`PATCH ${TENANT}/annotations/:annotation_id`]: ['annotations'],
  [`DELETE ${TENANT}/annotations/:annotation_id`]: ['annotations'],
};
