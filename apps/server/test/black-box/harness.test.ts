import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal-process';

/** The black-box harness itself: a real portal process answers over HTTP with the demo's data. */
describe('black-box harness', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('signs in over HTTP and reads a tenant route with the session', async () => {
    const dealer = await portal.signIn('dealer@demo.test');
    expect(dealer.user.dealership_ids).toEqual([101]);
    const own = await dealer.fetch(`/api/agencies/${dealer.user.organization_id}/dealership/101/campaigns/summary`);
    expect(own.status).toBe(200);
    const anonymous = await portal.fetch(
      `/api/agencies/${dealer.user.organization_id}/dealership/101/campaigns/summary`,
    );
    expect(anonymous.status).toBe(401);
  });

  it('lists the documented routes, state-changing ones included', async () => {
    const routes = await portal.routes();
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/auth/login' });
  });
});
