import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, signedInSchema } from '@portal/contracts';
import { platformConnections } from '../../src/db/schema';
import { loggerOptions } from '../../src/lib/logger';
import { authHeaders, build, login, type TestContext } from '../helper';
import { TEST_NOW } from '../constants';
import { connectSandbox } from '../factories/self-service';

/** docs/security.md: CSRF, session lifecycle, sign-in lockout, cookies, headers, secrets at rest and in logs. */

/** The log lines the app under test wrote. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let now = TEST_NOW;
let t: TestContext;
let agency: string;
beforeAll(async () => {
  t = await build({
    clock: () => now,
    trustProxy: true,
    logger: { ...loggerOptions('info'), stream: logStream },
  });
  agency = await login(t.app, 'agency@demo.test');
});
afterAll(() => t.close());

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });

/** Routes whose state-changing call needs no CSRF token: sign-in and sign-out (no session needed) and the signed upload (its signature is the credential). */
const TOKEN_EXEMPT = new Set([
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'PUT /api/uploads/*',
  // Emailed links (issue 23): no session yet; the link's token in the body is the credential.
  'POST /api/auth/invitation',
  'POST /api/auth/invitation/accept',
  'POST /api/auth/password-reset/request',
  'POST /api/auth/password-reset/check',
  'POST /api/auth/password-reset',
]);

describe('CSRF protection on every state-changing route', () => {
  const stateChanging = () => t.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
  const concrete = (url: string) => url.replace(/:\w+/g, '1').replace('*', 'creatives/x.png');

  it('refuses a signed-in request without the session token or with another session’s, before any route work', async () => {
    const routes = stateChanging();
    expect(routes.length).toBeGreaterThan(15);
    const victim = await login(t.app, 'agency@demo.test');
    const other = await login(t.app, 'agency@demo.test');
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      if (TOKEN_EXEMPT.has(label)) continue;
      const attempts = [
        { cookie: victim },
        { cookie: victim, 'x-csrf-token': 'not-the-token' },
        { cookie: victim, 'x-csrf-token': authHeaders(other)['x-csrf-token']! },
      ];
      for (const headers of attempts) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: concrete(route.url),
          headers,
          payload: {},
        });
        expect(response.statusCode, label).toBe(403);
        expect(errorResponseSchema.parse(response.json()).error.code, label).toBe('CSRF_FAILED');
      }
    }
    // The route table has exactly these exemptions.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining([...TOKEN_EXEMPT]));
  });

  it('accepts the request with the token sign-in and /api/me give (the tenancy matrix sends it on every route)', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: agency } });
    const token = signedInSchema.parse(me.json()).csrf_token;
    expect(token).toBe(authHeaders(agency)['x-csrf-token']);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/1/dealership/101/analytics/events',
      headers: { cookie: agency, 'x-csrf-token': token },
      payload: { name: 'create_campaign', properties: {} },
    });
    expect(response.statusCode).toBeLessThan(300);
  });

  it('refuses cross-site browser requests by Fetch Metadata or Origin, sign-in included', async () => {
    const crossSite: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', host: 'portal.example' },
    ];
    for (const headers of crossSite) {
      const response = await signIn('agency@demo.test', 'demo1234', headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().error.code).toBe('CSRF_FAILED');
    }
    expect((await signIn('agency@demo.test', 'demo1234', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(
      (await signIn('agency@demo.test', 'demo1234', { origin: 'https://portal.example', host: 'portal.example' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('session lifecycle', () => {
  it('sign-in rotates the session: the browser’s previous cookie and CSRF token stop working', async () => {
    const first = await login(t.app, 'dealer@demo.test');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'dealer@demo.test', password: 'demo1234' },
      headers: { cookie: first },
    });
    expect(again.statusCode).toBe(200);
    const second = `portal_session=${again.cookies.find((c) => c.name === 'portal_session')!.value}`;
    expect(second).not.toBe(first);
    expect(again.json().csrf_token).not.toBe(authHeaders(first)['x-csrf-token']);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: second } })).statusCode).toBe(200);
  });

  it('sign-out and expiry end the session on the server, even for a replayed cookie', async () => {
    const cookie = await login(t.app, 'dealer@demo.test');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(cookie) });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);

    const expiring = await login(t.app, 'dealer@demo.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: expiring } })).statusCode).toBe(200);
    // Sessions are stored by the SHA-256 of the token (the cookie is `token.signature`).
    const token = decodeURIComponent(expiring.slice('portal_session='.length)).replace(/\.[^.]*$/, '');
    const id = crypto.createHash('sha256').update(token).digest('hex');
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where id = ${id}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: expiring } })).statusCode).toBe(401);
  });

  it('the cookie is HttpOnly and SameSite=Lax, and Secure when the request came over TLS', async () => {
    const plain = await signIn('agency@demo.test', 'demo1234');
    const overTls = await signIn('agency@demo.test', 'demo1234', { 'x-forwarded-proto': 'https' });
    const cookieOf = (response: typeof plain) => response.cookies.find((c) => c.name === 'portal_session')!;
    expect(cookieOf(plain)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookieOf(plain).secure).toBeFalsy();
    expect(cookieOf(overTls)).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
  });
});

describe('sign-in throttling per email and client address', () => {
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('slows an address after 5 failures for a minute, doubling, while the owner signs in elsewhere; a success resets that address', async () => {
    now = new Date(TEST_NOW.getTime());
    const email = 'dealer@demo.test';
    const attacker = from('203.0.113.1');
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'wrong-password', attacker)).statusCode).toBe(401);
    const slowed = await signIn(email, 'demo1234', attacker);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('60');
    expect(errorResponseSchema.parse(slowed.json()).error.code).toBe('RATE_LIMITED');
    // The owner, from another address, is not affected.
    expect((await signIn(email, 'demo1234', from('198.51.100.1'))).statusCode).toBe(200);

    now = new Date(now.getTime() + 61_000);
    expect((await signIn(email, 'wrong-password', attacker)).statusCode).toBe(401);
    const longer = await signIn(email, 'demo1234', attacker);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('120');

    now = new Date(now.getTime() + 121_000);
    expect((await signIn(email, 'demo1234', attacker)).statusCode).toBe(200);
    expect((await signIn(email, 'wrong-password', attacker)).statusCode).toBe(401);
    expect((await signIn(email, 'demo1234', attacker)).statusCode).toBe(200);
  });

  it('slows an unknown address the same way, so a delay does not reveal which accounts exist', async () => {
    now = new Date(TEST_NOW.getTime() + 3_600_000);
    for (let i = 0; i < 5; i++)
      expect((await signIn('nobody@demo.test', 'wrong-password', from('203.0.113.2'))).statusCode).toBe(401);
    const slowed = await signIn('NOBODY@demo.test', 'whatever-1', from('203.0.113.2'));
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('60');
  });

  it('forgets failures after a quiet day', async () => {
    now = new Date(TEST_NOW.getTime() + 2 * 3_600_000);
    const address = from('203.0.113.3');
    for (let i = 0; i < 4; i++)
      expect((await signIn('staff@demo.test', 'wrong-password', address)).statusCode).toBe(401);
    now = new Date(now.getTime() + 25 * 3_600_000);
    // Four more failures: a fresh count, so no delay yet.
    for (let i = 0; i < 4; i++)
      expect((await signIn('staff@demo.test', 'wrong-password', address)).statusCode).toBe(401);
    expect((await signIn('staff@demo.test', 'demo1234', address)).statusCode).toBe(200);
  });
});

describe('headers, secrets at rest and logs', () => {
  it('answers with a strict Content-Security-Policy and the other security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toBe("'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('the web app’s page has no inline script for the CSP to allow', () => {
    const index = fs.readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../web/index.html'),
      'utf8',
    );
    const scripts = [...index.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
  });

  it('keeps ad platform tokens encrypted at rest', async () => {
    await connectSandbox(t.app, agency, 1, 101, 1);
    const rows = await t.database.db
      .select({ access: platformConnections.accessTokenEnc, refresh: platformConnections.refreshTokenEnc })
      .from(platformConnections);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      // The sandbox's tokens start 'sandbox-access-' / 'sandbox-refresh-'; the stored values are ciphertexts.
      expect(row.access).not.toMatch(/sandbox/);
      expect(row.refresh ?? '').not.toMatch(/sandbox/);
    }
  });

  it('writes no password, session, CSRF token, platform token or URL signature into the log', async () => {
    logLines.length = 0;
    const password = 'demo1234';
    const response = await signIn('staff@demo.test', password);
    const session = response.cookies.find((c) => c.name === 'portal_session')!.value;
    const csrf = response.json().csrf_token as string;
    await t.app.inject({
      method: 'POST',
      url: '/api/agencies/1/dealership/101/analytics/events',
      headers: { cookie: `portal_session=${session}`, 'x-csrf-token': csrf },
      payload: { name: 'create_campaign', properties: {} },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/files/recordings/x.mp3?expires=1&signature=secret-signature-value',
    });
    await t.app.inject({ method: 'GET', url: '/api/platforms/oauth/callback?code=secret-oauth-code&state=s1' });
    const log = logLines.join('');
    expect(log).toContain('/api/files/recordings/x.mp3?expires=1&signature=[redacted]');
    for (const secret of [password, session.split('.')[0]!, csrf, 'secret-signature-value', 'secret-oauth-code'])
      expect(log, secret).not.toContain(secret);
  });
});
