import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { apiLogin } from './fixtures';

// Issue 18 item 1, as a browser meets it: a page on a second origin of the same site (another port
// of 127.0.0.1, so Chromium sends the SameSite=Lax session cookie and `Sec-Fetch-Site: same-site`)
// fires the forged requests the black-box matrix sends over raw HTTP — auto-submitted forms
// (text/plain, urlencoded) and `no-cors` fetches (text/plain, multipart), on the canonical path and
// under the encoded spellings that once slipped past the CSRF hook. Every one must be refused and
// the signed-in platform user's data must stay as it was.

const TENANT = '/api/agencies/1/dealership/101';
const FORGED_VIN = '1HGCV1F30RA900018';
const FORGED_CAMPAIGN = 999018;

/** A text/plain form body is `name=value\r\n`: the `=` lands in the optional trim column. */
const FEED_NAME = `vin,year,make,model,vehicle_state,trim\n${FORGED_VIN},2024,Honda,Accord,New,`;
const INGEST_CSV =
  'client_campaign_id,dealership_id,client_campaign_display_name,vendor_campaign_name,campaign_status,start_date,end_date,product_code,product_name,campaign_type,vendor,budget,demand_local_net,booked_impressions,show_roas,show_site_list,show_ad_previews\n' +
  `${FORGED_CAMPAIGN},101,Forged,,active,2026-11-01,2026-11-30,SEM,Search Engine Marketing,search,Google Ads,2500.00,2000.00,100000,0,0,0\n`;

/** The attacker's page: every forged request fires on load, into hidden frames or as no-cors fetches. */
function attackPage(portal: string): string {
  const forms = [
    { action: `${TENANT}/inventory/feed`, enctype: 'text/plain' },
    { action: `/%61pi${TENANT.slice(4)}/inventory/feed`, enctype: 'text/plain' },
    { action: `/%2561pi${TENANT.slice(4)}/inventory/feed`, enctype: 'text/plain' },
    { action: `//api${TENANT.slice(4)}/inventory/feed`, enctype: 'text/plain' },
    { action: `/./api${TENANT.slice(4)}/inventory/feed`, enctype: 'text/plain' },
    { action: `${TENANT}/inventory/feed/`, enctype: 'text/plain' },
    { action: '/api/auth/logout', enctype: 'application/x-www-form-urlencoded' },
    { action: '/%61pi/auth/logout', enctype: 'application/x-www-form-urlencoded' },
  ];
  const html = forms
    .map(
      (form, index) =>
        `<iframe name="f${index}"></iframe><form method="POST" target="f${index}" enctype="${form.enctype}" action="${portal}${form.action}">` +
        `<input type="hidden" name="${FEED_NAME.replace(/"/g, '&quot;')}" value="x"></form>`,
    )
    .join('\n');
  const fetches = JSON.stringify([
    { path: `${TENANT}/campaigns`, body: '{"pacing_id":1763200018,"product_code":"MOB","is_incomplete":1}' },
    {
      path: `/%61pi${TENANT.slice(4)}/campaigns`,
      body: '{"pacing_id":1763200019,"product_code":"MOB","is_incomplete":1}',
    },
    { path: '/api/admin/ingest', multipart: true },
    { path: '/%61pi/admin/ingest', multipart: true },
  ]);
  return `<!doctype html><html><body><h1>Win a car</h1>${html}
<script>
const portal = ${JSON.stringify(portal)};
const ingestCsv = ${JSON.stringify(INGEST_CSV)};
window.attacks = Promise.all(${fetches}.map((attack) => {
  let body = attack.body;
  if (attack.multipart) {
    body = new FormData();
    body.append('file', new Blob([ingestCsv], { type: 'text/csv' }), 'campaigns.csv');
  }
  const headers = attack.multipart ? {} : { 'content-type': 'text/plain' };
  return fetch(portal + attack.path, { method: 'POST', mode: 'no-cors', credentials: 'include', headers, body })
    .then(() => 'answered', () => 'blocked');
}));
for (const form of document.forms) form.submit();
</script></body></html>`;
}

async function snapshot(page: Page) {
  const read = async (url: string) => {
    const response = await page.request.get(url);
    expect(response.status()).toBe(200);
    return response.json();
  };
  return {
    inventory: await read(`${TENANT}/inventory/summary`),
    drafts: await read(`${TENANT}/campaigns/incomplete?pageSize=100`),
  };
}

test('a page on a second origin cannot act for the signed-in user, whatever the path spelling', async ({
  page,
  baseURL,
}) => {
  const attacker = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackPage(baseURL!));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  try {
    await apiLogin(page, 'staff@demo.test');
    const before = await snapshot(page);

    // The victim, signed in, opens the attacker's page in another tab of the same browser profile.
    const victim = await page.context().newPage();
    const forged: Request[] = [];
    const answered: Response[] = [];
    victim.on('request', (request) => {
      if (request.url().startsWith(baseURL!) && request.method() === 'POST') forged.push(request);
    });
    const blocked: Request[] = [];
    victim.on('response', (response) => {
      if (response.url().startsWith(baseURL!) && response.request().method() === 'POST') answered.push(response);
    });
    // A no-cors fetch's answer carries Cross-Origin-Resource-Policy: same-origin (and a form's answer
    // may not be framed), so Chromium drops it after its headers arrived (ERR_BLOCKED_BY_RESPONSE):
    // the portal did answer.
    victim.on('requestfailed', (request) => {
      if (request.url().startsWith(baseURL!) && /ERR_BLOCKED_BY_RESPONSE/.test(request.failure()?.errorText ?? ''))
        blocked.push(request);
    });
    await victim.goto(attackerOrigin);
    await expect(victim.getByRole('heading', { name: 'Win a car' })).toBeVisible();
    // The fetches settle (the portal's answers are not readable cross-origin: Cross-Origin-Resource-Policy
    // makes a no-cors fetch reject, but the requests were sent and answered — counted below).
    expect(await victim.evaluate(() => (window as unknown as { attacks: Promise<string[]> }).attacks)).toHaveLength(4);
    // Every form has posted and got its answer (the portal's replies may not be framed: only counted).
    const settled = () => new Set([...answered.map((response) => response.request()), ...blocked]).size;
    await expect.poll(settled).toBe(12);

    expect(forged).toHaveLength(12);
    expect(answered).toHaveLength(8);
    // The attack was real: the browser sent the session cookie, as a same-site request. The headers
    // as sent come from Chromium's extra-info events, which it does not deliver for every request a
    // framed form makes (Playwright's allHeaders() then waits forever; CI saw it once): read what
    // arrives within a bound, hold every such request to it, and require it of most of the form posts
    // (the answered requests; the fetches' answers are blocked by the browser, counted above).
    const sent = await Promise.all(
      answered.map(async (response) => {
        const request = response.request();
        const headers = await Promise.race([
          request.allHeaders(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
        ]);
        return { request, headers };
      }),
    );
    const withHeaders = sent.filter((entry) => entry.headers !== null);
    for (const { request, headers } of withHeaders) {
      expect(headers!.cookie ?? '', request.url()).toContain('portal_session=');
      expect(headers!['sec-fetch-site'], request.url()).toBe('same-site');
    }
    expect(withHeaders.length).toBeGreaterThanOrEqual(6);
    // The forms' answers are readable here: each refused before any route acted — 403 CSRF_FAILED, or
    // 400 for a non-canonical spelling. (A fetch that got through would have changed the data below.)
    for (const response of answered)
      expect([400, 403], `${response.url()} answered ${response.status()}`).toContain(response.status());

    // Nothing changed: no vehicle, no draft, no ingested campaign, and the session still signed in.
    expect(await snapshot(page)).toEqual(before);
    expect(
      (
        await page.request.get(`${TENANT}/inventory/vehicles/${FORGED_VIN}?start_date=2026-10-01&end_date=2026-11-14`)
      ).status(),
    ).toBe(404);
    expect(
      (
        await page.request.get(`${TENANT}/campaigns/${FORGED_CAMPAIGN}?startDate=2026-11-01&endDate=2026-11-30`)
      ).status(),
    ).toBe(404);
    expect((await page.request.get('/api/me')).status()).toBe(200);
    await victim.close();
  } finally {
    await new Promise((resolve) => attacker.close(resolve));
  }
});
