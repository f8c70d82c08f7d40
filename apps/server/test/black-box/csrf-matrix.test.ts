import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal, type PortalSession } from './portal-process';
import { rawRequest, type RawAnswer } from './raw-http';

/**
 * Issue 18 items 1 and 11, against the real server process over plain HTTP (docs/security.md "CSRF"):
 * every state-changing route the server documents (its OpenAPI, so routes added later join without a
 * change here) × every spelling of its path an attacker can send (percent-encoded, double-encoded,
 * other case, `//`, dot segments, trailing slash, absolute form, fragment) × every way a forged
 * request arrives (no token, a wrong token, a foreign Origin, `Sec-Fetch-Site: same-site` and
 * `cross-site`) is refused before the route runs — and afterwards nothing it could have changed has
 * changed. Then: authentication and the tenant check answer before input validation.
 */

const TENANT = '/api/agencies/1/dealership/101';
/** Routes whose state-changing call needs no CSRF token (the only opt-outs; a new one must be added here on purpose). */
const TOKEN_EXEMPT = new Set([
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'PUT /api/uploads/{*}',
  // Emailed links (issue 23): no session yet, the link's token in the body is the credential.
  'POST /api/auth/invitation',
  'POST /api/auth/invitation/accept',
  'POST /api/auth/password-reset/request',
  'POST /api/auth/password-reset/check',
  'POST /api/auth/password-reset',
]);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A VIN the demo inventory does not hold: the forged feed would add it. */
const FORGED_VIN = '1HGCM82633A004352';
/** A campaign id the demo does not hold: the forged ingestion would add it. */
const FORGED_CAMPAIGN = 880_001;
const FORGED_UPLOAD = 'creatives/link/csrf-matrix.png';

let portal: Portal;
let staff: PortalSession;
let dealer: PortalSession;
/** The victim of the forged sign-ins and sign-outs (a sign-in replaces its browser's session): not `staff`, whose session the other forgeries ride. */
let signedInElsewhere: PortalSession;
const fixture = { draft: 0, schedule: 0, campaigns: [] as number[] };

/** What the forged requests could change, read through the API. */
async function snapshot() {
  const read = async (target: string) => {
    const response = await staff.fetch(target);
    expect(response.status, target).toBe(200);
    return response.json();
  };
  return {
    drafts: await read(`${TENANT}/campaigns/incomplete?pageSize=100`),
    schedules: await read(`${TENANT}/campaigns/report-schedules`),
    platforms: await read('/api/agencies/1/dsp/platforms'),
    inventory: await read(`${TENANT}/inventory/summary`),
    attribution: await read('/api/agencies/1/attribution-settings'),
  };
}
let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  portal = await startPortal();
  staff = await portal.signIn('staff@demo.test');
  dealer = await portal.signIn('dealer@demo.test');
  signedInElsewhere = await portal.signIn('staff@demo.test');
  const draft = await staff.fetch(`${TENANT}/campaigns`, {
    method: 'POST',
    json: { pacing_id: 1763200000, product_code: 'DYD', is_incomplete: 1 },
  });
  expect(draft.status).toBe(201);
  fixture.draft = ((await draft.json()) as { link_campaign_id: number }).link_campaign_id;
  const list = await staff.fetch(`${TENANT}/campaigns?startDate=2020-01-01&endDate=2030-12-31&pageSize=5`);
  fixture.campaigns = ((await list.json()) as { data: Array<{ client_campaign_id: number }> }).data.map(
    (c) => c.client_campaign_id,
  );
  expect(fixture.campaigns.length).toBeGreaterThan(0);
  const schedule = await staff.fetch(`${TENANT}/campaigns/report-generator`, {
    method: 'POST',
    json: reportRequest('staff@demo.test'),
  });
  expect(schedule.status).toBe(201);
  fixture.schedule = ((await schedule.json()) as { schedule_id: number }).schedule_id;
  // The agency's Google Ads connection (sandbox), made as a browser does: connect → consent → callback.
  const connect = await staff.fetch('/api/agencies/1/dsp/platforms/1/connect', {
    method: 'POST',
    json: { dealership_id: 101 },
  });
  expect(connect.status).toBe(200);
  const authorize = new URL(((await connect.json()) as { authorize_url: string }).authorize_url, portal.url);
  const consent = await staff.fetch(authorize.pathname + authorize.search);
  const allow = /<a class="allow" href="([^"]+)"/.exec(await consent.text())?.[1]?.replaceAll('&amp;', '&');
  expect(allow).toBeDefined();
  const back = new URL(allow!, portal.url);
  const callback = await staff.fetch(back.pathname + back.search);
  expect(callback.status).toBe(302);
  before = await snapshot();
  expect(before.platforms.data.find((p: { vendor_id: number }) => p.vendor_id === 1).connected).toBe(true);
}, 120_000);
afterAll(async () => {
  await portal?.stop();
});

function reportRequest(email: string) {
  return {
    email,
    campaigns: fixture.campaigns.slice(0, 1),
    metrics: { impressions: true },
    reportFormat: 'csv',
    period: 'last_month',
    recurring: true,
    recurring_interval: { type: 'month', day: 1 },
  };
}

/** The concrete path of a documented route template (`/api/…/{organization_id}/…`). */
function concrete(template: string): string {
  const values: Record<string, string | number> = {
    organization_id: 1,
    dealership_id: 101,
    link_campaign_id: fixture.draft,
    schedule_id: fixture.schedule,
    campaign_id: fixture.campaigns[0]!,
    vendor_id: 1,
    '*': FORGED_UPLOAD,
  };
  // Parameters this file does not know yet still get a value: the refusal must not depend on it.
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => String(values[name] ?? 1));
}

/** A body the route would act on, so that a request that got through would change something. */
function forgedBody(template: string): { body: string | Buffer; contentType: string } {
  const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });
  if (template === '/api/auth/login') return json({ email: 'staff@demo.test', password: 'demo1234' });
  if (template === '/api/admin/ingest') {
    const boundary = 'csrfmatrixboundary';
    const csv =
      'client_campaign_id,dealership_id,client_campaign_display_name,vendor_campaign_name,campaign_status,start_date,end_date,product_code,product_name,campaign_type,vendor,budget,demand_local_net,booked_impressions,show_roas,show_site_list,show_ad_previews\n' +
      `${FORGED_CAMPAIGN},101,Forged,,active,2026-11-01,2026-11-30,SEM,Search Engine Marketing,search,Google Ads,2500.00,2000.00,100000,0,0,0\n`;
    return {
      body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="campaigns.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  }
  if (template.endsWith('/inventory/feed'))
    return {
      body: `vin,year,make,model,vehicle_state\n${FORGED_VIN},2024,Honda,Accord,New\n`,
      contentType: 'text/plain',
    };
  if (template.endsWith('/campaigns/report-generator')) return json(reportRequest('attacker@evil.example'));
  if (template.endsWith('/report-schedules/{schedule_id}')) return json({ paused: true });
  if (template.endsWith('/campaigns/{link_campaign_id}')) return json({ data: { objective: 'conversions' } });
  if (template.endsWith('/campaigns')) return json({ pacing_id: 1763200001, product_code: 'MOB', is_incomplete: 1 });
  if (template.endsWith('/analytics/events')) return json({ name: 'create_campaign', properties: {} });
  // Issue 21 §4: a note, and a change to one.
  if (template.endsWith('/annotations')) return json({ date: '2026-11-10', text: 'Forged note' });
  // Issue 22 §1: a forged sales upload.
  if (template.endsWith('/sales/preview') || template.endsWith('/sales/upload'))
    return json({ csv: `VIN,Deal Date,New/Used\n${FORGED_VIN},2026-11-01,N\n` });
  if (template.endsWith('/annotations/{annotation_id}')) return json({ text: 'Forged note' });
  // Issue 22 §2: the agency's attribution window (the snapshot shows it unchanged).
  if (template.endsWith('/attribution-settings')) return json({ window_days: 7, model: 'even_split' });
  if (template === '/api/uploads/{*}')
    return {
      body: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
      contentType: 'image/png',
    };
  return json({});
}

/** Spellings of a canonical path `/api/…` that a router, a proxy or a browser may take for the same route. */
function variants(canonical: string): Record<string, string> {
  const rest = canonical.slice('/api'.length);
  const second = canonical.charAt('/api/'.length);
  return {
    canonical,
    'percent-encoded /%61pi': `/%61pi${rest}`,
    'percent-encoded later segment': `/api/%${second.charCodeAt(0).toString(16)}${canonical.slice('/api/'.length + 1)}`,
    'percent-encoded upper-case hex /%41PI': `/%41PI${rest}`,
    'double-encoded /%2561pi': `/%2561pi${rest}`,
    'upper case /API': `/API${rest}`,
    'mixed case /Api': `/Api${rest}`,
    'double slash //api': `/${canonical}`,
    'double slash inside': `/api/${rest}`,
    'dot segment /./api': `/.${canonical}`,
    'encoded dot segment /%2e/api': `/%2e${canonical}`,
    'dot-dot segment /api/x/../': `/api/x/..${rest}`,
    'trailing slash': `${canonical}/`,
    'trailing dot segment': `${canonical}/.`,
    'fragment #x': `${canonical}#x`,
    'absolute form http://host/api': `${portal.url}${canonical}`,
  };
}

type Attack = { name: string; needsToken: boolean; headers: (session: PortalSession) => Record<string, string> };
const attacks: Attack[] = [
  { name: 'no token', needsToken: true, headers: (s) => ({ cookie: s.cookie }) },
  {
    name: 'wrong token',
    needsToken: true,
    headers: (s) => ({ cookie: s.cookie, 'x-csrf-token': 'A'.repeat(s.csrfToken.length) }),
  },
  {
    name: 'foreign Origin',
    needsToken: false,
    headers: (s) => ({ cookie: s.cookie, 'x-csrf-token': s.csrfToken, origin: 'https://evil.example' }),
  },
  {
    name: 'Sec-Fetch-Site: same-site',
    needsToken: false,
    headers: (s) => ({ cookie: s.cookie, 'x-csrf-token': s.csrfToken, 'sec-fetch-site': 'same-site' }),
  },
  {
    name: 'Sec-Fetch-Site: cross-site',
    needsToken: false,
    headers: (s) => ({ cookie: s.cookie, 'x-csrf-token': s.csrfToken, 'sec-fetch-site': 'cross-site' }),
  },
];

/** Why an answer is not a refusal before the route ran, or null when it is one. */
function notRefused(answer: RawAnswer, canonical: boolean): string | null {
  let error: { code?: string; message?: string } = {};
  try {
    error = (JSON.parse(answer.body) as { error?: typeof error }).error ?? {};
  } catch {
    // not JSON: not one of the API's refusals
  }
  if (answer.status === 403 && error.code === 'CSRF_FAILED') return null;
  if (!canonical) {
    // The non-canonical path refused outright, or no route at all (the router is case-sensitive).
    if (answer.status === 400 && error.code === 'BAD_REQUEST') return null;
    if (answer.status === 404 && error.code === 'NOT_FOUND' && error.message?.startsWith('No route')) return null;
  }
  return `${answer.status} ${answer.body.slice(0, 160)}`;
}

/** Runs `work` over `items` with at most `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

describe('CSRF: every state-changing route × path spelling × forged request (real process, raw HTTP)', () => {
  it('documents every state-changing route it serves, the token exemptions included', async () => {
    const routes = (await portal.routes()).filter((r) => STATE_CHANGING.has(r.method));
    expect(routes.length).toBeGreaterThan(20);
    const labels = routes.map((r) => `${r.method} ${r.path}`);
    expect(labels).toEqual(expect.arrayContaining([...TOKEN_EXEMPT]));
    expect(labels).toEqual(
      expect.arrayContaining([
        'POST /api/admin/ingest',
        `POST /api/agencies/{organization_id}/dealership/{dealership_id}/inventory/feed`,
        `DELETE /api/agencies/{organization_id}/dealership/{dealership_id}/campaigns/{link_campaign_id}`,
        'POST /api/agencies/{organization_id}/dsp/platforms/{vendor_id}/disconnect',
        `POST /api/agencies/{organization_id}/dealership/{dealership_id}/campaigns/report-generator`,
      ]),
    );
  });

  it('refuses every forged request before the route runs, whatever the spelling of the path', async () => {
    const routes = (await portal.routes()).filter((r) => STATE_CHANGING.has(r.method));
    const cases: Array<{ method: string; template: string; variant: string; target: string; attack: Attack }> = [];
    for (const route of routes) {
      const exempt = TOKEN_EXEMPT.has(`${route.method} ${route.path}`);
      for (const [variant, target] of Object.entries(variants(concrete(route.path))))
        for (const attack of attacks) {
          // A token-exempt route answers a same-site request without a token by design.
          if (exempt && attack.needsToken && variant === 'canonical') continue;
          cases.push({ method: route.method, template: route.path, variant, target, attack });
        }
    }
    const failures: string[] = [];
    await pool(cases, 8, async ({ method, template, variant, target, attack }) => {
      const { body, contentType } = forgedBody(template);
      const answer = await rawRequest(portal.url, {
        method,
        target,
        headers: {
          'content-type': contentType,
          ...attack.headers(template.startsWith('/api/auth/') ? signedInElsewhere : staff),
        },
        body,
      });
      const problem = notRefused(answer, variant === 'canonical');
      if (problem) failures.push(`${method} ${target} [${variant}; ${attack.name}] → ${problem}`);
    });
    expect(cases.length).toBeGreaterThan(1000);
    const routesThrough = new Set(failures.map((failure) => failure.split(' [')[0]));
    failures.sort();
    expect(
      failures.slice(0, 40),
      `${failures.length} of ${cases.length} got through, on ${routesThrough.size} method × path spellings`,
    ).toEqual([]);
  });

  it('changed nothing: drafts, schedules, the platform connection, inventory, ingested campaigns, uploads, the session', async () => {
    expect(await snapshot()).toEqual(before);
    expect(before.drafts.data.map((d: { link_campaign_id: number }) => d.link_campaign_id)).toContain(fixture.draft);
    const vehicle = await staff.fetch(
      `${TENANT}/inventory/vehicles/${FORGED_VIN}?start_date=2026-10-01&end_date=2026-11-14`,
    );
    expect(vehicle.status).toBe(404);
    const ingested = await staff.fetch(
      `${TENANT}/campaigns/${FORGED_CAMPAIGN}?startDate=2026-11-01&endDate=2026-11-30`,
    );
    expect(ingested.status).toBe(404);
    const notes = await staff.fetch(`${TENANT}/annotations?start_date=2026-01-01&end_date=2027-12-31`);
    expect(notes.status).toBe(200);
    expect(JSON.stringify(await notes.json())).not.toContain('Forged note');
    const sales = await staff.fetch(`${TENANT}/sales?pageSize=500`);
    expect(sales.status).toBe(200);
    expect(JSON.stringify(await sales.json())).not.toContain(FORGED_VIN);
    expect(fs.existsSync(path.join(portal.dataDir, 'storage', FORGED_UPLOAD))).toBe(false);
    for (const session of [staff, dealer, signedInElsewhere]) expect((await session.fetch('/api/me')).status).toBe(200);
  });

  it('the same requests with the token, from the same origin, on the canonical path do act (the targets were live)', async () => {
    const pause = await staff.fetch(`${TENANT}/campaigns/report-schedules/${fixture.schedule}`, {
      method: 'PATCH',
      json: { paused: true },
      headers: { 'sec-fetch-site': 'same-origin', origin: portal.url },
    });
    expect(pause.status).toBe(204);
    const discard = await staff.fetch(`${TENANT}/campaigns/${fixture.draft}`, {
      method: 'DELETE',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(discard.status).toBe(204);
    const disconnect = await staff.fetch('/api/agencies/1/dsp/platforms/1/disconnect', { method: 'POST', json: {} });
    expect(disconnect.status).toBe(204);
    const after = await snapshot();
    expect(after.drafts).not.toEqual(before.drafts);
    expect(after.schedules).not.toEqual(before.schedules);
    expect(after.platforms).not.toEqual(before.platforms);
  });
});

describe('reads under other spellings of the path', () => {
  const reads = [
    `${TENANT}/campaigns/summary?startDate=2026-10-01&endDate=2026-11-14`,
    '/api/me',
    '/api/organizations',
  ];

  it('are refused, or answered as private to the session (no-cache, Vary: Cookie) and only with what the session may see', async () => {
    const failures: string[] = [];
    for (const read of reads) {
      const [pathPart, query] = read.split('?');
      for (const [variant, target] of Object.entries(variants(pathPart!))) {
        if (variant === 'fragment #x') continue;
        const answer = await rawRequest(portal.url, {
          method: 'GET',
          target: query ? `${target}?${query}` : target,
          headers: { cookie: staff.cookie },
        });
        if (answer.status === 200) {
          const cacheControl = String(answer.headers['cache-control'] ?? '');
          if (!/private|no-store/.test(cacheControl) || !/cookie/i.test(String(answer.headers.vary ?? '')))
            failures.push(
              `${target} [${variant}]: 200 with cache-control "${cacheControl}", vary "${answer.headers.vary}"`,
            );
          if (!String(answer.headers['content-type']).startsWith('application/json'))
            failures.push(`${target} [${variant}]: 200 ${answer.headers['content-type']}`);
        } else if (![400, 404].includes(answer.status)) failures.push(`${target} [${variant}]: ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answer one user with another’s kept answer: a dealership user asking for a dealership it may not open', async () => {
    // The agency administrator's answer for dealership 102 is kept in the response cache …
    const agency = await portal.signIn('agency@demo.test');
    const summary = '/api/agencies/1/dealership/102/campaigns/summary';
    expect((await agency.fetch(`${summary}?startDate=2026-10-01&endDate=2026-11-14`)).status).toBe(200);
    // … and the dealership user of 101 asks for the same data under every spelling.
    for (const [variant, target] of Object.entries(variants(summary))) {
      if (variant === 'fragment #x') continue;
      const answer = await rawRequest(portal.url, {
        method: 'GET',
        target: `${target}?startDate=2026-10-01&endDate=2026-11-14`,
        headers: { cookie: dealer.cookie },
      });
      expect([400, 404], `${target} [${variant}]: ${answer.body.slice(0, 100)}`).toContain(answer.status);
    }
  });
});

describe('authentication and the tenant check come before input validation (item 11)', () => {
  /** A request to a tenant route with every input broken: query values, ids other than the tenant's, the body. */
  function broken(template: string, tenant: { organization: number; dealership: number }) {
    const target = template
      .replace('{organization_id}', String(tenant.organization))
      .replace('{dealership_id}', String(tenant.dealership))
      .replace(/\{[^}]+\}/g, 'not-an-id');
    const query = new URLSearchParams({
      startDate: 'not-a-date',
      endDate: '2026-13-45',
      pageSize: '-1',
      pageIndex: 'x',
      sorting: '[{"id":',
      vendor_id: 'x',
      force_refresh: 'maybe',
    });
    return `${target}?${query.toString()}`;
  }

  /** Routes that need no session: health, sign-in and sign-out, and the signed URLs (their signature is the credential). */
  const PUBLIC = new Set([
    'GET /api/health',
    'POST /api/auth/login',
    'POST /api/auth/logout',
    'GET /api/files/{*}',
    'PUT /api/uploads/{*}',
    'POST /api/auth/invitation',
    'POST /api/auth/invitation/accept',
    'POST /api/auth/password-reset/request',
    'POST /api/auth/password-reset/check',
    'POST /api/auth/password-reset',
    // An agency's public brand for the sign-in page (issue 20 §4): name, colour and logo only.
    'GET /api/brands/{agency}',
    'GET /api/brands/{agency}/logo',
  ]);

  it('anonymous: 401 on every route that needs a session (tenant routes and the rest), whatever the query, path ids and body', async () => {
    const routes = (await portal.routes()).filter((r) => !PUBLIC.has(`${r.method} ${r.path}`));
    expect(routes.filter((r) => r.path.includes('{organization_id}')).length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      const answer = await rawRequest(portal.url, {
        method: route.method,
        target: broken(route.path, { organization: 1, dealership: 101 }),
        ...(STATE_CHANGING.has(route.method)
          ? { headers: { 'content-type': 'application/json' }, body: '{"broken":' }
          : {}),
      });
      const code = answer.body.includes('"UNAUTHENTICATED"');
      if (answer.status !== 401 || !code)
        failures.push(`${route.method} ${route.path} → ${answer.status} ${answer.body.slice(0, 120)}`);
    }
    expect(failures.slice(0, 30), `${failures.length} of ${routes.length} routes`).toEqual([]);
  });

  it('signed in to another tenant: 404 on every tenant route, whatever the query, path ids and body', async () => {
    const routes = (await portal.routes()).filter((r) => r.path.includes('{organization_id}'));
    const failures: string[] = [];
    for (const route of routes) {
      // The dealership user of 101: dealership 102 of its agency, and another agency.
      const tenants = route.path.includes('{dealership_id}')
        ? [
            { organization: 1, dealership: 102 },
            { organization: 2, dealership: 201 },
          ]
        : [{ organization: 2, dealership: 0 }];
      for (const tenant of tenants) {
        const answer = await rawRequest(portal.url, {
          method: route.method,
          target: broken(route.path, tenant),
          headers: {
            cookie: dealer.cookie,
            'x-csrf-token': dealer.csrfToken,
            ...(STATE_CHANGING.has(route.method) ? { 'content-type': 'application/json' } : {}),
          },
          ...(STATE_CHANGING.has(route.method) ? { body: '{"broken":' } : {}),
        });
        const code = answer.body.includes('"NOT_FOUND"');
        if (answer.status !== 404 || !code)
          failures.push(
            `${route.method} ${route.path} ${JSON.stringify(tenant)} → ${answer.status} ${answer.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures.slice(0, 30), `${failures.length} failures`).toEqual([]);
  });
});
