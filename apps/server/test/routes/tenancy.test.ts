import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@portal/contracts';
import { TENANT_PREFIX } from '../../src/app';
import { build, login, type TestContext } from '../helper';
import { createOtherTenant, OTHER } from '../factories/other-tenant';

let t: TestContext;
const cookies = {} as Record<'staff' | 'agency' | 'dealer' | 'otherAdmin' | 'otherDealer', string>;
beforeAll(async () => {
  t = await build();
  await createOtherTenant(t.database.db);
  cookies.staff = await login(t.app, 'staff@demo.test');
  cookies.agency = await login(t.app, 'agency@demo.test');
  cookies.dealer = await login(t.app, 'dealer@demo.test');
  cookies.otherAdmin = await login(t.app, OTHER.adminEmail, OTHER.password);
  cookies.otherDealer = await login(t.app, OTHER.dealerEmail, OTHER.password);
});
afterAll(() => t.close());

/** Every route of the app whose path names an organization: the tenant-scoped API. */
function tenantRoutes() {
  const routes = t.app.routeTable.filter((r) => r.url.includes(':organization_id'));
  expect(routes.length).toBeGreaterThan(3);
  return routes;
}

const demoCampaignOf101 = async (cookie: string) => {
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/agencies/1/dealership/101/campaigns?startDate=2026-10-01&endDate=2026-11-14',
    headers: { cookie },
  });
  return list.json().data[0].client_campaign_id as number;
};

function request(
  route: { method: string; url: string },
  ids: { org: number; dealer: number; campaign: number },
  cookie?: string,
) {
  const url =
    route.url
      .replace(':organization_id', String(ids.org))
      .replace(':dealership_id', String(ids.dealer))
      .replace(':campaign_id', String(ids.campaign)) + '?startDate=2026-10-01&endDate=2026-11-14';
  return t.app.inject({
    method: route.method as 'GET' | 'POST',
    url,
    headers: cookie ? { cookie } : {},
    ...(route.method === 'POST' ? { payload: { name: 'create_campaign', properties: {} } } : {}),
  });
}

describe('tenancy on every tenant-scoped route', () => {
  it('covers the campaign routes under the tenant prefix', () => {
    const urls = tenantRoutes().map((r) => r.url);
    expect(urls).toContain(`${TENANT_PREFIX}/campaigns`);
    expect(urls).toContain(`${TENANT_PREFIX}/campaigns/summary`);
  });

  it('anonymous requests get 401', async () => {
    for (const route of tenantRoutes()) {
      const response = await request(route, { org: 1, dealer: 101, campaign: 1 });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      errorResponseSchema.parse(response.json());
    }
  });

  it('a dealership user gets 404 for another dealership of its agency and for another agency', async () => {
    for (const route of tenantRoutes()) {
      for (const ids of [
        ...(route.url.includes(':dealership_id') ? [{ org: 1, dealer: 102, campaign: 1 }] : []),
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
    const campaign = await demoCampaignOf101(cookies.agency);
    for (const route of tenantRoutes()) {
      const response = await request(route, { org: 1, dealer: 101, campaign }, cookies.otherAdmin);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });

  it('the agency administrator and platform staff open the agency; the dealership user its own dealership', async () => {
    const campaign = await demoCampaignOf101(cookies.agency);
    for (const route of tenantRoutes()) {
      for (const who of ['agency', 'staff', 'dealer'] as const) {
        const response = await request(route, { org: 1, dealer: 101, campaign }, cookies[who]);
        expect(response.statusCode, `${who} ${route.method} ${route.url}: ${response.body.slice(0, 200)}`).toBeLessThan(
          300,
        );
      }
    }
  });

  it('platform staff open another agency, but a campaign of another dealership stays 404', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/${OTHER.organizationId}/dealership/${OTHER.dealershipId}/campaigns?startDate=2026-11-01&endDate=2026-11-14`,
      headers: { cookie: cookies.staff },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((c: { client_campaign_id: number }) => c.client_campaign_id)).toEqual([
      OTHER.campaignId,
    ]);
    const crossed = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/dealership/101/campaigns/${OTHER.campaignId}?startDate=2026-11-01&endDate=2026-11-14`,
      headers: { cookie: cookies.staff },
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('no response carries another tenant’s rows', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dealership/101/campaigns?startDate=2020-01-01&endDate=2026-12-31&pageSize=1000',
      headers: { cookie: cookies.agency },
    });
    const ids = list.json().data.map((c: { client_campaign_id: number }) => c.client_campaign_id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(OTHER.campaignId);
    const dealerships = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dealerships',
      headers: { cookie: cookies.dealer },
    });
    expect(dealerships.json().data.map((d: { id: number }) => d.id)).toEqual([101]);
    const agencyDealerships = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dealerships',
      headers: { cookie: cookies.agency },
    });
    expect(agencyDealerships.json().data.map((d: { id: number }) => d.id)).not.toContain(OTHER.dealershipId);
    const otherList = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/2/dealerships',
      headers: { cookie: cookies.agency },
    });
    expect(otherList.statusCode).toBe(404);
    const orgs = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie: cookies.agency } });
    expect(orgs.json().data).toEqual([{ id: 1, name: expect.any(String) }]);
    const staffOrgs = await t.app.inject({
      method: 'GET',
      url: '/api/organizations',
      headers: { cookie: cookies.staff },
    });
    expect(staffOrgs.json().data.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([1, 2]));
  });
});
