import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationList, operationPath, pathParameterNames } from '@portal/contracts';
import { auditEvents } from '../../src/db/schema';
import { auditRetentionJob } from '../../src/jobs/audit-retention';
import { appendAuditEvents } from '../../src/repositories/audit';
import { authHeaders, build, login, type TestContext } from '../helper';
import { TEST_NOW } from '../constants';
import { createOtherTenant, OTHER } from '../factories/other-tenant';

/** Issue 23 §3: the audit log — written for every state-changing operation, read per agency, kept for a period. */

let t: TestContext;
let staff = '';
let agency = '';
let dealer = '';
let otherAdmin = '';

beforeAll(async () => {
  t = await build();
  await createOtherTenant(t.database.db);
  staff = await login(t.app, 'staff@demo.test');
  agency = await login(t.app, 'agency@demo.test');
  dealer = await login(t.app, 'dealer@demo.test');
  otherAdmin = await login(t.app, OTHER.adminEmail, OTHER.password);
});
afterAll(async () => {
  await t.close();
});

const actions = async () =>
  new Set(
    (await t.database.db.selectDistinct({ action: auditEvents.action }).from(auditEvents)).map((row) => row.action),
  );

describe('the audit hook', () => {
  it('writes a row for every state-changing operation of the registry, routes added later included', async () => {
    const stateChanging = operationList.filter((operation) => operation.method !== 'GET');
    expect(stateChanging.length).toBeGreaterThan(30);
    // Sign-out last: it ends the session the other requests ride.
    const ordered = [
      ...stateChanging.filter((o) => o.id !== 'logout'),
      ...stateChanging.filter((o) => o.id === 'logout'),
    ];
    const session = await login(t.app, 'staff@demo.test');
    for (const operation of ordered) {
      // Every path parameter gets a value (1 unless the tenant's); the answer may be anything below 500.
      const known: Record<string, string | number> = {
        organization_id: 1,
        dealership_id: 101,
        '*': 'creatives/1/101/audit/x.png',
        domain: 'audit.test',
      };
      const params = Object.fromEntries(pathParameterNames(operation.path).map((name) => [name, known[name] ?? 1]));
      const response = await t.app.inject({
        method: operation.method,
        url: operationPath(operation, { ...params, '*': known['*']! }),
        headers: { ...authHeaders(session), 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode, `${operation.id}: ${response.body.slice(0, 120)}`).toBeLessThan(500);
    }
    const written = await actions();
    const missing = stateChanging.map((o) => o.id).filter((id) => !written.has(id));
    expect(missing).toEqual([]);
  });

  it('records who, when, from where, the tenant, target and outcome — and never a secret', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'agency@demo.test', password: 'not-the-Secret-99' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(wrong.statusCode).toBe(401);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/1/email-domains',
      headers: authHeaders(agency),
      payload: { domain: 'audited.test' },
    });
    expect(added.statusCode).toBe(201);
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'addEmailDomain'));
    const row = rows.find((r) => r.userEmail === 'agency@demo.test')!;
    expect(row).toMatchObject({
      organizationId: 1,
      status: 201,
      method: 'POST',
      route: '/api/agencies/:organization_id/email-domains',
    });
    expect(row.at.toISOString()).toBe(TEST_NOW.toISOString());
    expect(row.clientAddress).toBeTruthy();
    expect(row.summary).toContain('audited.test');
    const all = await t.database.db
      .select({ summary: auditEvents.summary, target: auditEvents.target })
      .from(auditEvents);
    for (const entry of all) {
      expect(entry.summary).not.toContain('not-the-Secret-99');
      expect(entry.summary).not.toContain('demo1234');
      expect(entry.summary).not.toContain('other-password');
    }
    const failed = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'login'))).find(
      (r) => r.status === 401,
    )!;
    expect(failed.target).toBe('email agency@demo.test');
  });

  it('keeps rows append-only: UPDATE and DELETE are refused outside the retention job', async () => {
    await expect(t.database.db.update(auditEvents).set({ summary: 'changed' })).rejects.toThrow();
    await expect(t.database.db.delete(auditEvents)).rejects.toThrow();
  });
});

describe('reading the log', () => {
  it('an agency administrator sees their agency’s rows only, filtered by user, action and day', async () => {
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/audit-log?pageSize=200',
      headers: authHeaders(agency),
    });
    expect(log.statusCode, log.body).toBe(200);
    const body = log.json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.data.every((r: { organization_id: number }) => r.organization_id === 1)).toBe(true);
    expect(body.actions.map((a: { id: string }) => a.id)).toContain('inviteUser');
    const byAction = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/audit-log?action=addEmailDomain',
      headers: authHeaders(agency),
    });
    // The staff's refused attempt (first test) and the administrator's addition.
    expect(
      byAction
        .json()
        .data.map((r: { action: string; status: number }) => `${r.action} ${r.status}`)
        .sort(),
    ).toEqual(['addEmailDomain 201', 'addEmailDomain 400']);
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(agency) })).json();
    const byUser = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/audit-log?user_id=${me.id}`,
      headers: authHeaders(agency),
    });
    expect(byUser.json().data.every((r: { user_id: number }) => r.user_id === me.id)).toBe(true);
    const otherDay = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/audit-log?from=2026-11-16&to=2026-11-20',
      headers: authHeaders(agency),
    });
    expect(otherDay.json().total).toBe(0);
    const sameDay = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/audit-log?from=2026-11-15&to=2026-11-15',
      headers: authHeaders(agency),
    });
    expect(sameDay.json().total).toBe(body.total);
  });

  it('exports the filtered log as CSV through the formula-safe writer', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/audit-log/csv?action=addEmailDomain',
      headers: authHeaders(agency),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'When (UTC),User,User id,Client address,Agency id,Dealership id,Action,Action label,Target,Status,Summary',
    );
    expect(lines.length).toBe(3);
    expect(csv.body).toContain('agency@demo.test');
  });

  it('an agency administrator never sees a staff account: staff rows show as "Platform staff", without id or address', async () => {
    const staffMe = (await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(staff) })).json();
    const read = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(cookie) });
    // The staff's refused addEmailDomain (first test) is recorded in agency 1, staff's own agency in the demo.
    const asAdmin = (await read('/api/agencies/1/audit-log?action=addEmailDomain', agency)).json();
    const staffRow = asAdmin.data.find((r: { status: number }) => r.status === 400);
    expect(staffRow).toMatchObject({ user_id: null, user_email: 'Platform staff', client_address: null });
    expect(JSON.stringify(asAdmin)).not.toContain('staff@demo.test');
    expect(asAdmin.users.map((u: { id: number }) => u.id)).not.toContain(staffMe.id);
    const whole = (await read('/api/agencies/1/audit-log?pageSize=200', agency)).json();
    expect(JSON.stringify(whole)).not.toContain('staff@demo.test');
    expect(whole.data.some((r: { user_email: string }) => r.user_email === 'Platform staff')).toBe(true);
    // Filtering by a staff id finds nothing (it would tell the id is a staff account's).
    expect((await read(`/api/agencies/1/audit-log?user_id=${staffMe.id}`, agency)).json().total).toBe(0);
    const csv = await read('/api/agencies/1/audit-log/csv?action=addEmailDomain', agency);
    expect(csv.body).not.toContain('staff@demo.test');
    expect(csv.body).toContain('Platform staff');
    // Staff themselves see who it was, in the agency's log and in the whole log.
    const asStaff = (await read('/api/agencies/1/audit-log?action=addEmailDomain', staff)).json();
    expect(asStaff.data.find((r: { status: number }) => r.status === 400)).toMatchObject({
      user_id: staffMe.id,
      user_email: 'staff@demo.test',
    });
    expect((await read('/api/admin/audit-log?pageSize=200', staff)).body).toContain('staff@demo.test');
  });

  it('a dealership user and another agency’s administrator cannot read it; staff read everything', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/agencies/1/audit-log', headers: authHeaders(dealer) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/agencies/1/audit-log', headers: authHeaders(otherAdmin) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: authHeaders(agency) })).statusCode,
    ).toBe(403);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?pageSize=200',
      headers: authHeaders(staff),
    });
    expect(all.statusCode).toBe(200);
    const organizations = new Set(all.json().data.map((r: { organization_id: number | null }) => r.organization_id));
    expect(organizations.has(null)).toBe(true);
    expect(organizations.has(1)).toBe(true);
  });
});

describe('retention', () => {
  it('the retention job deletes rows older than the period and keeps the rest', async () => {
    const old = new Date(TEST_NOW.getTime() - 401 * 86_400_000);
    const recent = new Date(TEST_NOW.getTime() - 399 * 86_400_000);
    await appendAuditEvents(t.database.db, [
      { at: old, action: 'retentionProbe', method: 'POST', route: '/x', status: 200, summary: 'old' },
      { at: recent, action: 'retentionProbe', method: 'POST', route: '/x', status: 200, summary: 'recent' },
    ]);
    expect(t.app.accounts.auditRetentionDays).toBe(400);
    await auditRetentionJob.handler(t.app, {}, { id: 'test', retryCount: 0, retryLimit: 0 });
    const probes = await t.database.db
      .select({ summary: auditEvents.summary })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'retentionProbe'));
    expect(probes.map((p) => p.summary)).toEqual(['recent']);
    const [{ count } = { count: 0 }] = await t.database.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(auditEvents);
    expect(count).toBeGreaterThan(1);
  });
});
