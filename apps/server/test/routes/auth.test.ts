import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, meSchema } from '@portal/contracts';
import { build, login, type TestContext, authHeaders } from '../helper';

let t: TestContext;
beforeAll(async () => {
  t = await build({ loginRateLimit: 20 });
});
afterAll(() => t.close());

describe('sign-in and sessions', () => {
  it.each([
    ['staff@demo.test', 1, []],
    ['agency@demo.test', 2, []],
    ['dealer@demo.test', 3, [101]],
  ])('%s signs in with role %i', async (email, role, dealershipIds) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'demo1234' },
    });
    expect(response.statusCode).toBe(200);
    const me = meSchema.parse(response.json());
    expect(me).toMatchObject({ email, role_id: role, organization_id: 1, dealership_ids: dealershipIds });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/portal_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses a wrong password with the error shape and no cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'agency@demo.test', password: 'wrong-password' },
      remoteAddress: '10.0.0.9',
    });
    expect(response.statusCode).toBe(401);
    expect(errorResponseSchema.parse(response.json()).error).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Invalid email or password',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('GET /api/me answers 401 without a session and the user with one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const cookie = await login(t.app, 'agency@demo.test');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(cookie) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('agency@demo.test');
  });

  it('sign-out invalidates the session on the server', async () => {
    const cookie = await login(t.app, 'dealer@demo.test');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(cookie) })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(cookie) })).statusCode).toBe(401);
  });

  it('a tampered session cookie is refused', async () => {
    const cookie = await login(t.app, 'agency@demo.test');
    // Change one character of the token itself: the signature no longer matches.
    const tampered = cookie.replace(
      /^portal_session=(.)/,
      (_m, c: string) => `portal_session=${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: authHeaders(tampered) })).statusCode).toBe(
      401,
    );
  });

  it('rate-limits sign-in attempts per client address', async () => {
    // A different address each time, so the per-account lockout (security tests) stays out of it.
    let n = 0;
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `guess${(n += 1)}@demo.test`, password: 'nope-nope' },
        remoteAddress: '10.0.0.77',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    const limited = await attempt();
    expect(errorResponseSchema.parse(limited.json()).error.code).toBe('RATE_LIMITED');
  });
});

describe('platform', () => {
  it('GET /api/health answers ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document with the campaign routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toContain('/api/agencies/{organization_id}/dealership/{dealership_id}/campaigns');
    expect(paths).toContain('/api/auth/login');
  });

  it('answers unknown API paths with 404 in the error shape, with security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('NOT_FOUND');
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
