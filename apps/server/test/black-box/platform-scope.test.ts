import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal, type PortalSession } from './portal-process';

/**
 * Issue 18 item 3, over HTTP against the real portal process: the agency's Google Ads connection
 * (the sandbox) is shared by its dealerships, but a dealership user (dealer@demo.test, role 3,
 * dealership 101) may use only the platform accounts an agency administrator assigned to their
 * dealership, and only the platform campaigns imported under it (docs/self-service.md "Scope").
 */
const ORG = 1;
const OWN = 101;
const ELSEWHERE = 102;
const MANAGER = '9000000001';
/** The sandbox's second Google Ads customer: its campaigns are 20000002, 20000004, … */
const ACCOUNT = '1000000002';
const PLACED = '20000002';
const OTHER_CAMPAIGN = '20000004';
const ownApi = `/api/agencies/${ORG}/dealership/${OWN}`;
const campaignsOf = (account: string) =>
  `/api/agencies/${ORG}/dsp/accounts/vendors/1/campaigns?customer_account_id=${account}&login_customer_id=${MANAGER}`;
const importBody = (campaignIds: string[]) => ({
  vendor_id: 1,
  agency_id: ORG,
  account_name: 'Sandbox Search — Trail Running',
  campaign_ids: campaignIds,
  customer_account_id: ACCOUNT,
  login_customer_id: MANAGER,
});

let portal: Portal;
let agency: PortalSession;
let dealer: PortalSession;
/** The portal's id of PLACED, imported by the agency under dealership 102. */
let placedId = 0;

type VendorCampaign = { value: string; status_name: string };
const platformStatus = async (campaignId: string) => {
  const response = await agency.fetch(campaignsOf(ACCOUNT));
  expect(response.status).toBe(200);
  return ((await response.json()) as VendorCampaign[]).find((c) => c.value === campaignId)?.status_name;
};

/** Connects the Google Ads sandbox as the agency administrator, the way a browser does. */
async function connectGoogleSandbox() {
  const start = await agency.fetch(`/api/agencies/${ORG}/dsp/platforms/1/connect`, {
    method: 'POST',
    json: { dealership_id: OWN },
  });
  expect(start.status).toBe(200);
  const { authorize_url } = (await start.json()) as { authorize_url: string };
  const consent = await agency.fetch(authorize_url);
  expect(consent.status).toBe(200);
  const allow = /<a class="allow" href="([^"]+)"/.exec(await consent.text())?.[1]?.replaceAll('&amp;', '&');
  expect(allow).toBeDefined();
  const url = new URL(allow!);
  const callback = await agency.fetch(url.pathname + url.search);
  expect(callback.status).toBe(302);
  expect(callback.headers.get('location')).toContain('connected=google-ads');
}

beforeAll(async () => {
  portal = await startPortal();
  agency = await portal.signIn('agency@demo.test');
  dealer = await portal.signIn('dealer@demo.test');
  expect(dealer.user.role_id).toBe(3);
  expect(dealer.user.dealership_ids).toEqual([OWN]);
  await connectGoogleSandbox();
  const placed = await agency.fetch(`/api/agencies/${ORG}/dealership/${ELSEWHERE}/campaigns/self-service/import`, {
    method: 'POST',
    json: importBody([PLACED]),
  });
  expect(placed.status, await placed.clone().text()).toBe(200);
  placedId = ((await placed.json()) as { campaign_ids: number[] }).campaign_ids[0]!;
}, 120_000);

afterAll(async () => {
  await portal?.stop();
});

describe('a dealership user and the agency’s ad-platform connection (issue 18 item 3)', () => {
  it('does not list an account the agency did not assign to the dealership, nor its campaigns', async () => {
    const accounts = await dealer.fetch(`/api/agencies/${ORG}/dsp/accounts?vendor_id=1`);
    expect(accounts.status).toBe(200);
    expect(JSON.stringify(await accounts.json())).not.toContain(ACCOUNT);
    const refreshed = await dealer.fetch(`/api/agencies/${ORG}/dsp/accounts/refresh`, {
      method: 'POST',
      json: { vendor_id: 1 },
    });
    expect(JSON.stringify(await refreshed.json())).not.toContain(ACCOUNT);
    const campaigns = await dealer.fetch(campaignsOf(ACCOUNT));
    expect(campaigns.status).toBe(404);
    expect(await campaigns.text()).not.toContain(PLACED);
  });

  it('cannot import, read or pause a platform campaign the agency placed under another dealership', async () => {
    const before = await platformStatus(PLACED);
    expect(before).toBe('active');
    const imported = await dealer.fetch(`${ownApi}/campaigns/self-service/import`, {
      method: 'POST',
      json: importBody([PLACED]),
    });
    expect(imported.status).toBe(404);
    const list = await dealer.fetch(`${ownApi}/campaigns/self-service/list`);
    expect(list.status).toBe(200);
    const listed = (await list.json()) as { data: Array<{ vendor_campaign: { id: string } }> };
    expect(listed.data.map((c) => c.vendor_campaign.id)).not.toContain(PLACED);
    // The agency's import under dealership 102: its results and its switch stay closed to the dealership user.
    for (const path of [
      `/${placedId}`,
      `/${placedId}/metrics?start_date=2026-01-01&end_date=2026-12-31`,
      `/${placedId}/products/csv?start_date=2026-01-01&end_date=2026-12-31`,
    ]) {
      const read = await dealer.fetch(`${ownApi}/campaigns/self-service${path}`);
      expect(read.status, path).toBe(404);
    }
    const paused = await dealer.fetch(`${ownApi}/campaigns/self-service/edit`, {
      method: 'POST',
      json: { campaign_id: placedId, vendor_id: 1, status: 'active' },
    });
    expect(paused.status).toBe(404);
    const there = await dealer.fetch(`/api/agencies/${ORG}/dealership/${ELSEWHERE}/campaigns/self-service/${placedId}`);
    expect(there.status).toBe(404);
    expect(await platformStatus(PLACED)).toBe(before);
  });

  it('cannot assign accounts or move campaigns itself', async () => {
    const assign = await dealer.fetch(`/api/agencies/${ORG}/dsp/platforms/1/account-assignments/${ACCOUNT}`, {
      method: 'PUT',
      json: { dealership_ids: [OWN] },
    });
    expect(assign.status).toBe(403);
    const move = await dealer.fetch(
      `/api/agencies/${ORG}/dealership/${ELSEWHERE}/campaigns/self-service/${placedId}/move`,
      { method: 'POST', json: { dealership_id: OWN } },
    );
    expect(move.status).toBe(404);
    const assignments = await agency.fetch(`/api/agencies/${ORG}/dsp/platforms/1/account-assignments`);
    const rows = ((await assignments.json()) as { data: Array<{ account_id: string; dealership_ids: number[] }> }).data;
    expect(rows.find((r) => r.account_id === ACCOUNT)?.dealership_ids).toEqual([]);
  });

  it('every documented platform route refuses the unassigned account or answers without it', async () => {
    const routes = (await portal.routes()).filter((r) => r.path.startsWith('/api/agencies/{organization_id}/dsp/'));
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const route of routes) {
      const path = route.path
        .replace('{organization_id}', String(ORG))
        .replace('{vendor_id}', '1')
        .replace('{account_id}', ACCOUNT);
      expect(path, `${route.method} ${route.path}: unknown path parameter`).not.toMatch(/[{}]/);
      const query = `?vendor_id=1&customer_account_id=${ACCOUNT}&login_customer_id=${MANAGER}&account_id=${ACCOUNT}`;
      const response = await dealer.fetch(path + query, {
        method: route.method,
        ...(route.method === 'GET'
          ? {}
          : { json: { vendor_id: 1, dealership_id: OWN, dealership_ids: [OWN], customer_account_id: ACCOUNT } }),
      });
      const label = `${route.method} ${route.path}: ${response.status}`;
      expect(response.status, label).toBeLessThan(500);
      if (response.status < 400) expect(await response.text(), label).not.toContain(ACCOUNT);
    }
    expect(await platformStatus(PLACED)).toBe('active');
  });

  it('once the agency assigns the account to the dealership, the dealership user lists and imports from it', async () => {
    const assign = await agency.fetch(`/api/agencies/${ORG}/dsp/platforms/1/account-assignments/${ACCOUNT}`, {
      method: 'PUT',
      json: { dealership_ids: [OWN, ELSEWHERE] },
    });
    expect(assign.status).toBe(200);
    expect(await assign.json()).toMatchObject({ account_id: ACCOUNT, dealership_ids: [OWN, ELSEWHERE] });

    const accounts = await dealer.fetch(`/api/agencies/${ORG}/dsp/accounts?vendor_id=1`);
    expect(((await accounts.json()) as { data: Array<{ value: string }> }).data.map((a) => a.value)).toEqual([ACCOUNT]);
    const campaigns = await dealer.fetch(campaignsOf(ACCOUNT));
    expect(campaigns.status).toBe(200);
    const values = ((await campaigns.json()) as VendorCampaign[]).map((c) => c.value);
    expect(values).toContain(OTHER_CAMPAIGN);
    // Still placed under dealership 102: not offered, not importable.
    expect(values).not.toContain(PLACED);
    const taken = await dealer.fetch(`${ownApi}/campaigns/self-service/import`, {
      method: 'POST',
      json: importBody([PLACED]),
    });
    expect(taken.status).toBe(404);
    const imported = await dealer.fetch(`${ownApi}/campaigns/self-service/import`, {
      method: 'POST',
      json: importBody([OTHER_CAMPAIGN]),
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ imported: 1 });
  });

  it('the agency administrator moves a campaign to the dealership; then it is the dealership’s to pause', async () => {
    const conflict = await agency.fetch(`${ownApi}/campaigns/self-service/import`, {
      method: 'POST',
      json: importBody([PLACED]),
    });
    expect(conflict.status).toBe(409);
    const move = await agency.fetch(
      `/api/agencies/${ORG}/dealership/${ELSEWHERE}/campaigns/self-service/${placedId}/move`,
      { method: 'POST', json: { dealership_id: OWN } },
    );
    expect(move.status).toBe(200);
    expect(await move.json()).toEqual({ campaign_id: placedId, dealership_id: OWN });
    const foreign = await agency.fetch(`${ownApi}/campaigns/self-service/${placedId}/move`, {
      method: 'POST',
      json: { dealership_id: 9001 },
    });
    expect(foreign.status).toBe(404);
    const paused = await dealer.fetch(`${ownApi}/campaigns/self-service/edit`, {
      method: 'POST',
      json: { campaign_id: placedId, vendor_id: 1, status: 'active' },
    });
    expect(paused.status).toBe(200);
    expect(await platformStatus(PLACED)).toBe('paused');
  });
});
