import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal, type PortalSession } from './portal-process';

/**
 * Issue 23 against the real portal process over HTTP: emailed links work once (a reused, revoked or
 * replaced link is refused), the reset request answers the same for every address, an administrator
 * of another agency can neither invite into, list nor deactivate this agency's users, and a
 * deactivated user's open session ends on its next request. Links are read from the process's outbox.
 * (Expiry needs a clock the process does not have: `test/routes/users.test.ts` covers it with a fake one.)
 */
let portal: Portal;
let agency: PortalSession;
beforeAll(async () => {
  portal = await startPortal();
  agency = await portal.signIn('agency@demo.test');
});
afterAll(async () => {
  await portal?.stop();
});

/** The link token of the newest outbox message to `to` (quoted-printable soft breaks undone). */
async function tokenFor(to: string): Promise<string> {
  const dir = path.join(portal.dataDir, 'outbox');
  for (let i = 0; i < 100; i += 1) {
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    const files = await Promise.all(
      names.map(async (name) => {
        const file = path.join(dir, name);
        return {
          text: (await fsp.readFile(file, 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '='),
          at: (await fsp.stat(file)).mtimeMs,
        };
      }),
    );
    const mine = files.filter((f) => f.text.includes(`To: ${to}`)).sort((a, b) => a.at - b.at);
    const match = /#token=([A-Za-z0-9_-]+)/.exec(mine.at(-1)?.text ?? '');
    if (match) return match[1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no link emailed to ${to}`);
}

const postJson = (url: string, json: unknown) =>
  portal.fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });

const PASSWORD = 'Tangerine-Mailbox-Orbit-42';

describe('emailed links over HTTP (issue 23 §2)', () => {
  it('an invitation link works once; a replaced or revoked link is refused', async () => {
    const invited = await agency.fetch('/api/agencies/1/invitations', {
      method: 'POST',
      json: { email: 'blackbox.one@dealer.test', name: 'Black Box', role_id: 3, dealership_ids: [101] },
    });
    expect(invited.status).toBe(201);
    const first = await tokenFor('blackbox.one@dealer.test');
    const resent = await agency.fetch(
      `/api/agencies/1/invitations/${((await invited.json()) as { id: number }).id}/resend`,
      {
        method: 'POST',
      },
    );
    expect(resent.status).toBe(200);
    let second = await tokenFor('blackbox.one@dealer.test');
    for (let i = 0; second === first && i < 50; i += 1) second = await tokenFor('blackbox.one@dealer.test');
    expect(second).not.toBe(first);
    expect((await postJson('/api/auth/invitation/accept', { token: first, password: PASSWORD })).status).toBe(404);
    const accepted = await postJson('/api/auth/invitation/accept', { token: second, password: PASSWORD });
    expect(accepted.status).toBe(200);
    expect(accepted.headers.getSetCookie().some((c) => c.startsWith('portal_session='))).toBe(true);
    const reused = await postJson('/api/auth/invitation/accept', {
      token: second,
      password: 'Another-Orbit-Lantern-5',
    });
    expect(reused.status).toBe(404);
    expect(((await reused.json()) as { error: { message: string } }).error.message).toContain('already been used');

    const other = await agency.fetch('/api/agencies/1/invitations', {
      method: 'POST',
      json: { email: 'blackbox.two@dealer.test', name: 'Black Box', role_id: 3, dealership_ids: [101] },
    });
    const token = await tokenFor('blackbox.two@dealer.test');
    await agency.fetch(`/api/agencies/1/invitations/${((await other.json()) as { id: number }).id}`, {
      method: 'DELETE',
    });
    expect((await postJson('/api/auth/invitation', { token })).status).toBe(404);
    expect((await postJson('/api/auth/invitation', { token: 'x'.repeat(43) })).status).toBe(404);
  });

  it('a reset link works once and ends the sessions; the request answers the same for every address', async () => {
    const known = await postJson('/api/auth/password-reset/request', { email: 'blackbox.one@dealer.test' });
    const unknown = await postJson('/api/auth/password-reset/request', { email: 'nobody.here@dealer.test' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await unknown.text()).toBe(await known.text());
    const session = await portal.signIn('blackbox.one@dealer.test', PASSWORD);
    const token = await tokenFor('blackbox.one@dealer.test');
    const reset = await postJson('/api/auth/password-reset', { token, password: 'Sycamore-Lantern-Quartz-8' });
    expect(reset.status).toBe(204);
    expect((await session.fetch('/api/me')).status).toBe(401);
    expect((await postJson('/api/auth/password-reset', { token, password: 'Other-Quartz-Lantern-9' })).status).toBe(
      404,
    );
    await portal.signIn('blackbox.one@dealer.test', 'Sycamore-Lantern-Quartz-8');
  });
});

describe('across agencies and after deactivation (issue 23 §2)', () => {
  it('another agency’s administrator cannot invite into, list or deactivate this agency’s users', async () => {
    const staff = await portal.signIn('staff@demo.test');
    const created = await staff.fetch('/api/admin/agencies', {
      method: 'POST',
      json: { name: 'Black Box Motors Group', admin_email: 'owner@blackbox.test', admin_name: 'Owner' },
    });
    expect(created.status).toBe(201);
    const newAgency = ((await created.json()) as { organization: { id: number } }).organization.id;
    await postJson('/api/auth/invitation/accept', { token: await tokenFor('owner@blackbox.test'), password: PASSWORD });
    const intruder = await portal.signIn('owner@blackbox.test', PASSWORD);
    const me = (await (await agency.fetch('/api/me')).json()) as { id: number };
    const dealer = await portal.signIn('dealer@demo.test');
    const dealerId = dealer.user.id;
    const attempts = [
      await intruder.fetch('/api/agencies/1/invitations', {
        method: 'POST',
        json: { email: 'mole@evil.test', name: 'Mole', role_id: 2 },
      }),
      await intruder.fetch('/api/agencies/1/users'),
      await intruder.fetch(`/api/agencies/1/users/${dealerId}/deactivate`, { method: 'POST' }),
      await intruder.fetch(`/api/agencies/${newAgency}/users/${dealerId}/deactivate`, { method: 'POST' }),
      await intruder.fetch(`/api/agencies/1/users/${me.id}`, {
        method: 'PATCH',
        json: { role_id: 3, dealership_ids: [101] },
      }),
      await intruder.fetch('/api/agencies/1/audit-log'),
    ];
    expect(attempts.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await dealer.fetch('/api/me')).status).toBe(200);
  });

  it('a deactivated user’s open session is refused on its next request', async () => {
    const dealer = await portal.signIn('dealer@demo.test');
    expect((await dealer.fetch('/api/agencies/1/dealerships')).status).toBe(200);
    const off = await agency.fetch(`/api/agencies/1/users/${dealer.user.id}/deactivate`, { method: 'POST' });
    expect(off.status).toBe(200);
    expect((await dealer.fetch('/api/agencies/1/dealerships')).status).toBe(401);
    const signIn = await postJson('/api/auth/login', { email: 'dealer@demo.test', password: 'demo1234' });
    expect(signIn.status).toBe(401);
  });
});
