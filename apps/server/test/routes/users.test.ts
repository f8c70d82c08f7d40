import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES, userMessages } from '@portal/contracts';
import { auditEvents, users } from '../../src/db/schema';
import type { Mailer, MailMessage } from '../../src/lib/mail';
import { authHeaders, build, login, type TestContext } from '../helper';
import { TEST_NOW } from '../constants';
import { createOtherTenant, OTHER } from '../factories/other-tenant';

/** Issue 23 §2: invitations, password reset, role changes and deactivation, over `app.inject`. */

const sent: MailMessage[] = [];
const mailer: Mailer = {
  kind: 'outbox',
  async send(message) {
    sent.push(message);
  },
};
let now = TEST_NOW;
let t: TestContext;
let agency = '';
let staff = '';
let otherAdmin = '';
const GOOD_PASSWORD = 'Tangerine-Mailbox-Orbit-42';

beforeAll(async () => {
  t = await build({ clock: () => now, reports: { mailer, sheets: null } });
  await createOtherTenant(t.database.db);
  agency = await login(t.app, 'agency@demo.test');
  staff = await login(t.app, 'staff@demo.test');
  otherAdmin = await login(t.app, OTHER.adminEmail, OTHER.password);
});
afterAll(async () => {
  await t.close();
});

/** The token of the last link emailed to `to` (`…#token=…`). */
function lastToken(to: string): string {
  const message = sent.filter((m) => m.to === to).at(-1);
  if (!message) throw new Error(`no email to ${to}`);
  const match = /#token=([A-Za-z0-9_-]+)/.exec(message.text);
  if (!match) throw new Error(`no link in the email to ${to}: ${message.text}`);
  return match[1]!;
}

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(cookie ? { headers: authHeaders(cookie) } : {}) });

async function invite(email: string, extra: object = {}, cookie = agency, organization = 1) {
  return post(
    `/api/agencies/${organization}/invitations`,
    { email, name: 'Zora Quill', role_id: 3, dealership_ids: [101], ...extra },
    cookie,
  );
}

const auditRows = (action: string) => t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));

describe('invitations', () => {
  it('invite → accept → sign in as the new user → sees exactly the assigned dealerships', async () => {
    const invited = await invite('zora.quill@dealer.test');
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      email: 'zora.quill@dealer.test',
      role_id: 3,
      dealership_ids: [101],
      status: 'pending',
    });
    expect(new Date(invited.json().expires_at).getTime() - now.getTime()).toBe(INVITATION_TTL_HOURS * 3600_000);
    const email = sent.at(-1)!;
    expect(email.to).toBe('zora.quill@dealer.test');
    expect(email.text).toContain('http://localhost:3000/accept-invitation#token=');
    const token = lastToken('zora.quill@dealer.test');

    const preview = await post('/api/auth/invitation', { token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ email: 'zora.quill@dealer.test', role_id: 3 });

    // The password rule: 12 characters, not breached, not guessable.
    for (const [password, message] of [
      ['demo1234', userMessages.passwordTooShort],
      ['1q2w3e4r5t6y', userMessages.passwordBreached],
    ] as const) {
      const weak = await post('/api/auth/invitation/accept', { token, password });
      expect(weak.statusCode, weak.body).toBe(400);
      expect(weak.json().error.details).toContainEqual({ path: 'body.password', message });
    }

    const accepted = await post('/api/auth/invitation/accept', { token, password: GOOD_PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ email: 'zora.quill@dealer.test', role_id: 3, dealership_ids: [101] });

    const cookie = await login(t.app, 'zora.quill@dealer.test', GOOD_PASSWORD);
    const dealerships = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dealerships',
      headers: authHeaders(cookie),
    });
    expect(dealerships.json().data.map((d: { id: number }) => d.id)).toEqual([101]);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dealership/102',
      headers: authHeaders(cookie),
    });
    expect(elsewhere.statusCode).toBe(404);

    // The token works once.
    const again = await post('/api/auth/invitation/accept', { token, password: 'Another-Fine-Password-9' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(userMessages.invitationUsed);

    const row = (await auditRows('acceptInvitation')).find((r) => r.status === 200);
    expect(row).toMatchObject({ userEmail: 'zora.quill@dealer.test', organizationId: 1, status: 200 });
    expect(row!.summary).not.toContain(GOOD_PASSWORD);
    const [invitedRow] = await auditRows('inviteUser');
    expect(invitedRow).toMatchObject({ userEmail: 'agency@demo.test', organizationId: 1, status: 201 });
    expect(invitedRow!.summary).toContain('zora.quill@dealer.test');
  });

  it('refuses an expired link (72 h), and a link sent again replaces the earlier one', async () => {
    await invite('late.comer@dealer.test');
    const first = lastToken('late.comer@dealer.test');
    now = new Date(TEST_NOW.getTime() + (INVITATION_TTL_HOURS * 3600 + 1) * 1000);
    try {
      const expired = await post('/api/auth/invitation/accept', { token: first, password: GOOD_PASSWORD });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().error.message).toBe(userMessages.invitationExpired);
      const list = await t.app.inject({ method: 'GET', url: '/api/agencies/1/users', headers: authHeaders(agency) });
      const invitation = list.json().invitations.find((i: { email: string }) => i.email === 'late.comer@dealer.test');
      expect(invitation.status).toBe('expired');
      const resent = await post(`/api/agencies/1/invitations/${invitation.id}/resend`, {}, agency);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().status).toBe('pending');
      const second = lastToken('late.comer@dealer.test');
      expect(second).not.toBe(first);
      expect((await post('/api/auth/invitation', { token: first })).statusCode).toBe(404);
      expect((await post('/api/auth/invitation', { token: second })).statusCode).toBe(200);
    } finally {
      now = TEST_NOW;
    }
  });

  it('a revoked invitation’s link stops working', async () => {
    const invited = await invite('revoked.person@dealer.test');
    const token = lastToken('revoked.person@dealer.test');
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/agencies/1/invitations/${invited.json().id}`,
      headers: authHeaders(agency),
    });
    expect(revoked.statusCode).toBe(204);
    const accept = await post('/api/auth/invitation/accept', { token, password: GOOD_PASSWORD });
    expect(accept.statusCode).toBe(404);
    expect((await auditRows('revokeInvitation')).map((r) => r.target)).toEqual([
      `invitation ${invited.json().id} (revoked.person@dealer.test)`,
    ]);
  });

  it('refuses a role-3 invitation without dealerships or with another agency’s, and an email in use', async () => {
    expect((await invite('x1@dealer.test', { dealership_ids: [] })).statusCode).toBe(400);
    const foreign = await invite('x2@dealer.test', { dealership_ids: [OTHER.dealershipId] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details).toContainEqual({
      path: 'body.dealership_ids',
      message: userMessages.dealershipsUnknown,
    });
    expect((await invite('dealer@demo.test')).statusCode).toBe(409);
    const dealer = await login(t.app, 'dealer@demo.test');
    expect((await invite('x3@dealer.test', {}, dealer)).statusCode).toBe(403);
  });

  it('an administrator of another agency cannot invite into, list or change this agency’s users', async () => {
    expect((await invite('intruder@evil.test', {}, otherAdmin)).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/agencies/1/users', headers: authHeaders(otherAdmin) });
    expect(list.statusCode).toBe(404);
    const [dealer] = await t.database.db.select().from(users).where(eq(users.email, 'dealer@demo.test'));
    // Through their own agency's path, this agency's user is not found either.
    const viaOwn = await post(`/api/agencies/${OTHER.organizationId}/users/${dealer!.id}/deactivate`, {}, otherAdmin);
    expect(viaOwn.statusCode).toBe(404);
    const direct = await post(`/api/agencies/1/users/${dealer!.id}/deactivate`, {}, otherAdmin);
    expect(direct.statusCode).toBe(404);
    const [still] = await t.database.db.select().from(users).where(eq(users.email, 'dealer@demo.test'));
    expect(still!.deactivatedAt).toBeNull();
    // Attempts are recorded in the attacker's own agency, never shown to this one.
    const attempts = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userEmail, OTHER.adminEmail), eq(auditEvents.status, 404)));
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.every((row) => row.organizationId === OTHER.organizationId)).toBe(true);
  });
});

describe('administrators change and deactivate users', () => {
  it('a deactivated user’s open session is refused on the very next request, and sign-in too', async () => {
    const dealer = await login(t.app, 'dealer@demo.test');
    // The session is in the session cache now.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(dealer) })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'dealer@demo.test'));
    const off = await post(`/api/agencies/1/users/${row!.id}/deactivate`, {}, agency);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    const next = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dealership/101/campaigns?startDate=2026-11-01&endDate=2026-11-14',
      headers: authHeaders(dealer),
    });
    expect(next.statusCode).toBe(401);
    const signIn = await post('/api/auth/login', { email: 'dealer@demo.test', password: 'demo1234' });
    expect(signIn.statusCode).toBe(401);

    const on = await post(`/api/agencies/1/users/${row!.id}/reactivate`, {}, agency);
    expect(on.json()).toMatchObject({ active: true });
    expect((await post('/api/auth/login', { email: 'dealer@demo.test', password: 'demo1234' })).statusCode).toBe(200);
    expect((await auditRows('deactivateUser')).find((r) => r.status === 200)).toMatchObject({
      status: 200,
      target: `user ${row!.id} (dealer@demo.test)`,
    });
  });

  it('a changed role or dealership set applies on the user’s next request', async () => {
    const dealer = await login(t.app, 'dealer@demo.test');
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(dealer) })).json();
    expect((await me()).dealership_ids).toEqual([101]);
    const id = (await me()).id as number;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/agencies/1/users/${id}`,
      headers: authHeaders(agency),
      payload: { dealership_ids: [102] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me()).dealership_ids).toEqual([102]);
    const back = await t.app.inject({
      method: 'PATCH',
      url: `/api/agencies/1/users/${id}`,
      headers: authHeaders(agency),
      payload: { dealership_ids: [101] },
    });
    expect(back.json().dealership_ids).toEqual([101]);
    const [audit] = await auditRows('updateAgencyUser');
    expect(audit!.summary).toContain('[101] → [102]');
  });

  it('an administrator cannot change their own account, nor see platform staff', async () => {
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(agency) })).json();
    expect((await post(`/api/agencies/1/users/${me.id}/deactivate`, {}, agency)).statusCode).toBe(409);
    const list = await t.app.inject({ method: 'GET', url: '/api/agencies/1/users', headers: authHeaders(agency) });
    const emails = list.json().users.map((u: { email: string }) => u.email);
    expect(emails).toContain('dealer@demo.test');
    expect(emails).not.toContain('staff@demo.test');
    const [staffRow] = await t.database.db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    expect((await post(`/api/agencies/1/users/${staffRow!.id}/deactivate`, {}, agency)).statusCode).toBe(404);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the address exists, and emails only an existing one', async () => {
    const before = sent.length;
    const known = await post('/api/auth/password-reset/request', { email: 'agency@demo.test' });
    const unknown = await post('/api/auth/password-reset/request', { email: 'nobody@demo.test' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    await expect.poll(() => sent.length).toBe(before + 1);
    expect(sent.at(-1)!.to).toBe('agency@demo.test');
    expect(sent.at(-1)!.text).toContain('http://localhost:3000/reset-password#token=');
  });

  it('sets a new password once, ends every session, and refuses expired and reused links', async () => {
    const session = await login(t.app, 'agency@demo.test');
    await post('/api/auth/password-reset/request', { email: 'agency@demo.test' });
    await expect.poll(() => sent.filter((m) => m.to === 'agency@demo.test').length).toBeGreaterThan(1);
    const token = lastToken('agency@demo.test');

    // The page checks the link before showing its form: usable now, with the account's email.
    const usable = await post('/api/auth/password-reset/check', { token });
    expect(usable.statusCode, usable.body).toBe(200);
    expect(usable.json()).toEqual({
      email: 'agency@demo.test',
      expires_at: new Date(TEST_NOW.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString(),
    });
    const weak = await post('/api/auth/password-reset', { token, password: 'password1234' });
    expect(weak.statusCode).toBe(400);
    const done = await post('/api/auth/password-reset', { token, password: GOOD_PASSWORD });
    expect(done.statusCode, done.body).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(session) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(agency) })).statusCode).toBe(401);
    const reused = await post('/api/auth/password-reset', { token, password: 'Second-Go-At-Orbit-77' });
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error.message).toBe(userMessages.resetInvalid);
    // A used link says so when the page opens, before a password is typed.
    const checkedAgain = await post('/api/auth/password-reset/check', { token });
    expect(checkedAgain.statusCode).toBe(404);
    expect(checkedAgain.json().error.message).toBe(userMessages.resetInvalid);
    expect((await post('/api/auth/login', { email: 'agency@demo.test', password: 'demo1234' })).statusCode).toBe(401);
    agency = await login(t.app, 'agency@demo.test', GOOD_PASSWORD);
    await expect
      .poll(() => sent.some((m) => m.to === 'agency@demo.test' && /password was changed/.test(m.subject)))
      .toBe(true);

    await post('/api/auth/password-reset/request', { email: 'agency@demo.test' });
    await expect.poll(() => sent.filter((m) => m.to === 'agency@demo.test' && /Reset/.test(m.subject)).length).toBe(3);
    const late = lastToken('agency@demo.test');
    now = new Date(TEST_NOW.getTime() + (PASSWORD_RESET_TTL_MINUTES * 60 + 1) * 1000);
    try {
      expect((await post('/api/auth/password-reset/check', { token: late })).statusCode).toBe(404);
      expect(
        (await post('/api/auth/password-reset', { token: late, password: 'Second-Go-At-Orbit-77' })).statusCode,
      ).toBe(404);
    } finally {
      now = TEST_NOW;
    }
    const rows = await auditRows('resetPassword');
    expect(rows.map((r) => r.status).sort()).toEqual([204, 400, 404, 404]);
    for (const row of rows) expect(row.summary).not.toMatch(/Tangerine|password1234/);
  });
});

describe('platform staff manage agencies', () => {
  it('creates an agency and invites its first administrator, who accepts and administers it', async () => {
    const created = await post(
      '/api/admin/agencies',
      {
        name: 'Northwind Auto Group',
        time_zone: 'America/Denver',
        admin_email: 'owner@northwind.test',
        admin_name: 'Nia North',
      },
      staff,
    );
    expect(created.statusCode, created.body).toBe(201);
    const organizationId = created.json().organization.id as number;
    expect(organizationId).toBeGreaterThanOrEqual(1_000_000);
    const accepted = await post('/api/auth/invitation/accept', {
      token: lastToken('owner@northwind.test'),
      password: GOOD_PASSWORD,
    });
    expect(accepted.json()).toMatchObject({ role_id: 2, organization_id: organizationId });
    const owner = await login(t.app, 'owner@northwind.test', GOOD_PASSWORD);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/${organizationId}/users`,
      headers: authHeaders(owner),
    });
    expect(list.json().users.map((u: { email: string }) => u.email)).toEqual(['owner@northwind.test']);
    expect(
      (await post('/api/admin/agencies', { name: 'X', admin_email: 'x@x.test', admin_name: 'X' }, agency)).statusCode,
    ).toBe(403);
    expect((await auditRows('createAgency'))[0]).toMatchObject({ organizationId, status: 201 });
  });
});
