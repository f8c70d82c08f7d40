import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone, type Annotation } from '@portal/contracts';
import { userDealerships, users } from '../../src/db/schema';
import { ingestFolder } from '../../src/ingestion';
import { hashPassword } from '../../src/repositories/auth';
import { createOtherTenant, OTHER } from '../factories/other-tenant';
import { createSelfServiceFixture } from '../factories/self-service';
import { authHeaders, build, login, writeFiles, type TestContext } from '../helper';
import { pdfText } from '../pdf-text';

/**
 * Issue 21 §4: notes on a date. CRUD under a dealership's path, who may change a note (its author,
 * an agency administrator, staff; not another user of the dealership; another tenant: 404), input
 * validation (400, never 500), the automatic notes (flight start and end derived from the flight;
 * budget change, pause and play recorded by ingestion) and the notes in the report PDF.
 */
let t: TestContext;
const cookies = { staff: '', agency: '', dealer: '', colleague: '', otherAdmin: '' };

const CAMPAIGN = 893001; // dealership 101, flight Nov 1–30, 2026
const ELSEWHERE = 893002; // dealership 102 of the same agency
const BASE = '/api/agencies/1/dealership/101/annotations';
const CAMPAIGN_HEADER =
  'client_campaign_id,dealership_id,client_campaign_display_name,vendor_campaign_name,campaign_status,start_date,end_date,product_code,product_name,campaign_type,vendor,budget,demand_local_net,booked_impressions,show_roas,show_site_list,show_ad_previews';
const METRICS_HEADER = 'client_campaign_id,date,impressions,clicks,views,reach,spend,conversions,sales,calls,leads';
const campaignRow = (id: number, dealership: number, status: string, budget: string) =>
  `${id},${dealership},Annotated ${id},,${status},2026-11-01,2026-11-30,DYD,Dynamic Inventory Display,display,TabMo,${budget},,100000,0,0,0`;

async function ingestCampaigns(rows: string[], metrics: string[] = []) {
  const dir = await writeFiles({
    'campaigns.csv': `${CAMPAIGN_HEADER}\n${rows.join('\n')}\n`,
    ...(metrics.length > 0 ? { 'campaign_daily_metrics.csv': `${METRICS_HEADER}\n${metrics.join('\n')}\n` } : {}),
  });
  const outcome = await ingestFolder(t.database.db, dir);
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
}

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? authHeaders(cookie) : {}, ...(payload ? { payload } : {}) });

const list = async (cookie: string, query: string) => {
  const response = await send('GET', `${BASE}?${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Annotation[] }).data;
};

beforeAll(async () => {
  t = await build();
  await createOtherTenant(t.database.db);
  const days = Array.from(
    { length: 14 },
    (_, i) => `${CAMPAIGN},2026-11-${String(i + 1).padStart(2, '0')},10000,100,0,,10.00,0,0,0,0`,
  );
  await ingestCampaigns(
    [campaignRow(CAMPAIGN, 101, 'active', '1000'), campaignRow(ELSEWHERE, 102, 'active', '500')],
    days,
  );
  // A second user of dealership 101: sees the dealer's notes, may not change them.
  const [colleague] = await t.database.db
    .insert(users)
    .values({
      email: 'colleague@dealer.test',
      name: 'Colleague',
      passwordHash: await hashPassword('colleague-password'),
      organizationId: 1,
      roleId: 3,
    })
    .returning({ id: users.id });
  await t.database.db.insert(userDealerships).values({ userId: colleague!.id, dealershipId: 101 });
  cookies.staff = await login(t.app, 'staff@demo.test');
  cookies.agency = await login(t.app, 'agency@demo.test');
  cookies.dealer = await login(t.app, 'dealer@demo.test');
  cookies.colleague = await login(t.app, 'colleague@dealer.test', 'colleague-password');
  cookies.otherAdmin = await login(t.app, OTHER.adminEmail, OTHER.password);
});
afterAll(() => t.close());

const RANGE = 'start_date=2026-11-01&end_date=2026-11-30';

describe('notes of a campaign and a dealership', () => {
  let noteId = 0;

  it('a dealership user adds a note to a campaign; it is listed with the flight start and end', async () => {
    const created = await send('POST', BASE, cookies.dealer, {
      date: '2026-11-05',
      text: '  New offer on the landing page  ',
      campaign_id: CAMPAIGN,
    });
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json() as Annotation;
    noteId = note.id!;
    expect(note).toMatchObject({
      date: '2026-11-05',
      text: 'New offer on the landing page',
      kind: 'user',
      campaign_id: CAMPAIGN,
      campaign_kind: 'managed',
      author_name: 'Dealership User',
      editable: true,
    });
    const notes = await list(cookies.dealer, `${RANGE}&campaign_id=${CAMPAIGN}`);
    expect(notes.map((n) => [n.date, n.kind, n.text])).toEqual([
      ['2026-11-01', 'flight_start', 'Flight starts'],
      ['2026-11-05', 'user', 'New offer on the landing page'],
      ['2026-11-30', 'flight_end', 'Flight ends'],
    ]);
    expect(notes.filter((n) => n.kind !== 'user').every((n) => n.id === null && !n.editable)).toBe(true);
    // Outside the range: nothing; the flight days only when the range holds them.
    expect(await list(cookies.dealer, `start_date=2026-11-06&end_date=2026-11-29&campaign_id=${CAMPAIGN}`)).toEqual([]);
  });

  it('a dealership note (no campaign) shows on every campaign of the dealership; a campaign note only on its own', async () => {
    const created = await send('POST', BASE, cookies.agency, {
      date: '2026-11-07',
      text: 'Holiday sale',
      campaign_id: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ campaign_id: null, campaign_kind: null, author_name: 'Agency Admin' });
    const ofCampaign = await list(cookies.dealer, `${RANGE}&campaign_id=${CAMPAIGN}`);
    expect(ofCampaign.map((n) => n.text)).toContain('Holiday sale');
    const ofDealership = await list(cookies.dealer, RANGE);
    expect(ofDealership.map((n) => n.text)).toEqual(['Holiday sale']);
    // The agency's note is not the dealer's to change.
    expect(ofDealership[0]!.editable).toBe(false);
  });

  it('the author, an agency administrator and staff change a note; another user of the dealership gets 403', async () => {
    const url = `${BASE}/${noteId}`;
    const colleague = await send('PATCH', url, cookies.colleague, { text: 'Not mine' });
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().error.code).toBe('FORBIDDEN');
    expect((await send('DELETE', url, cookies.colleague)).statusCode).toBe(403);
    const seen = (await list(cookies.colleague, `${RANGE}&campaign_id=${CAMPAIGN}`)).find((n) => n.id === noteId)!;
    expect(seen.editable).toBe(false);

    const author = await send('PATCH', url, cookies.dealer, { text: 'Offer extended', date: '2026-11-06' });
    expect(author.statusCode, author.body).toBe(200);
    expect(author.json()).toMatchObject({ text: 'Offer extended', date: '2026-11-06', editable: true });
    const admin = await send('PATCH', url, cookies.agency, { text: 'Offer extended to Sunday' });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({ text: 'Offer extended to Sunday', author_name: 'Dealership User' });
    const staff = await send('PATCH', url, cookies.staff, { date: '2026-11-08' });
    expect(staff.statusCode, staff.body).toBe(200);
  });

  it('another agency, another dealership and another dealership’s note are 404; anonymous 401', async () => {
    const url = `${BASE}/${noteId}`;
    expect((await send('GET', `${BASE}?${RANGE}`, cookies.otherAdmin)).statusCode).toBe(404);
    expect((await send('PATCH', url, cookies.otherAdmin, { text: 'x' })).statusCode).toBe(404);
    expect((await send('DELETE', url, cookies.otherAdmin)).statusCode).toBe(404);
    expect((await send('GET', `/api/agencies/1/dealership/102/annotations?${RANGE}`, cookies.dealer)).statusCode).toBe(
      404,
    );
    expect((await send('GET', `${BASE}?${RANGE}`, '')).statusCode).toBe(401);
    // A note of dealership 102 through dealership 101's path, even for the administrator: 404.
    const elsewhere = await send('POST', '/api/agencies/1/dealership/102/annotations', cookies.agency, {
      date: '2026-11-03',
      text: 'Other rooftop',
      campaign_id: ELSEWHERE,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const id = elsewhere.json().id as number;
    expect((await send('PATCH', `${BASE}/${id}`, cookies.agency, { text: 'x' })).statusCode).toBe(404);
    expect((await send('DELETE', `${BASE}/${id}`, cookies.staff)).statusCode).toBe(404);
    // A campaign of another dealership: 404 to list or to note.
    expect((await send('GET', `${BASE}?${RANGE}&campaign_id=${ELSEWHERE}`, cookies.agency)).statusCode).toBe(404);
    expect(
      (await send('POST', BASE, cookies.agency, { date: '2026-11-03', text: 'x', campaign_id: ELSEWHERE })).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', BASE, cookies.agency, { date: '2026-11-03', text: 'x', campaign_id: OTHER.campaignId }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses bad input with 400, never 500', async () => {
    const bad: object[] = [
      {},
      { date: '2026-11-05' },
      { date: '2026-11-05', text: '   ' },
      { date: '2026-11-05', text: 'x'.repeat(501) },
      { date: '2026-02-30', text: 'x' },
      { date: '11/05/2026', text: 'x' },
      { date: '2026-11-05', text: 'x', campaign_id: 'abc' },
      { date: '2026-11-05', text: 'x', campaign_kind: 'other' },
      { date: '2026-11-05', text: 'x', author_id: 1 },
      { date: '2026-11-05', text: 42 },
    ];
    for (const payload of bad) {
      const response = await send('POST', BASE, cookies.agency, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const payload of [{}, { text: '' }, { kind: 'pause' }]) {
      const response = await send('PATCH', `${BASE}/${noteId}`, cookies.agency, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const query of [
      '',
      'start_date=2026-11-30&end_date=2026-11-01',
      `${RANGE}&campaign_id=0`,
      'start_date=x&end_date=y',
    ])
      expect((await send('GET', `${BASE}?${query}`, cookies.agency)).statusCode, query).toBe(400);
    expect((await send('PATCH', `${BASE}/abc`, cookies.agency, { text: 'x' })).statusCode).toBe(400);
    expect((await send('DELETE', `${BASE}/99999999`, cookies.agency)).statusCode).toBe(404);
    // 500 characters is the limit, not over it.
    expect((await send('POST', BASE, cookies.agency, { date: '2026-11-09', text: 'y'.repeat(500) })).statusCode).toBe(
      201,
    );
  });

  it('the author deletes a note; it is gone from the list', async () => {
    const deleted = await send('DELETE', `${BASE}/${noteId}`, cookies.dealer);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const notes = await list(cookies.dealer, `${RANGE}&campaign_id=${CAMPAIGN}`);
    expect(notes.some((n) => n.id === noteId)).toBe(false);
    expect((await send('DELETE', `${BASE}/${noteId}`, cookies.dealer)).statusCode).toBe(404);
  });
});

describe('automatic notes', () => {
  it('ingestion records a budget change, a pause and a play, dated today in the agency’s zone; re-loading the same rows records nothing', async () => {
    const today = todayInZone(new Date(), 'America/Chicago');
    const query = `start_date=${today}&end_date=${today}&campaign_id=${CAMPAIGN}`;
    const automatic = async () => (await list(cookies.dealer, query)).filter((n) => n.kind !== 'user');
    const before = (await automatic()).length;
    await ingestCampaigns([campaignRow(CAMPAIGN, 101, 'active', '1500')]);
    await ingestCampaigns([campaignRow(CAMPAIGN, 101, 'active', '1500')]);
    await ingestCampaigns([campaignRow(CAMPAIGN, 101, 'paused', '1500')]);
    await ingestCampaigns([campaignRow(CAMPAIGN, 101, 'active', '1500')]);
    const notes = (await automatic()).filter((n) => n.kind !== 'flight_start' && n.kind !== 'flight_end');
    expect(notes.length - before).toBe(3);
    expect(notes.map((n) => [n.date, n.kind, n.text, n.author_name, n.editable])).toEqual([
      [today, 'budget_change', 'Budget changed from $1,000.00 to $1,500.00', null, false],
      [today, 'pause', 'Campaign paused', null, false],
      [today, 'play', 'Campaign resumed', null, false],
    ]);
    // An automatic note is read-only, even for an administrator.
    const id = notes[0]!.id!;
    const changed = await send('PATCH', `${BASE}/${id}`, cookies.agency, { text: 'x' });
    expect(changed.statusCode).toBe(403);
    expect((await send('DELETE', `${BASE}/${id}`, cookies.staff)).statusCode).toBe(403);
    // Another dealership's user never sees them.
    expect(
      (await send('GET', `/api/agencies/1/dealership/101/annotations?${query}`, cookies.otherAdmin)).statusCode,
    ).toBe(404);
  });
});

describe('notes in the report PDF', () => {
  it('lists the notes of the range under the daily charts, numbered as the markers', async () => {
    const created = await send('POST', BASE, cookies.dealer, {
      date: '2026-11-04',
      text: 'Radio spot started',
      campaign_id: CAMPAIGN,
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/agencies/1/dealership/101/campaigns/${CAMPAIGN}/report.pdf?start_date=2026-11-01&end_date=2026-11-14`;
    const response = await send('GET', url, cookies.dealer);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    if (process.env.ANNOTATIONS_PDF_OUT) fs.writeFileSync(process.env.ANNOTATIONS_PDF_OUT, response.rawPayload);
    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('1. 11/01/2026: Flight starts');
    expect(text).toContain('Radio spot started (Dealership User)');
    expect(text).toContain('Holiday sale (Agency Admin)');
    // The flight's end (Nov 30) is outside the range: not listed.
    expect(text).not.toContain('Flight ends');
  });
});

describe('notes of a self-service campaign', () => {
  it('are listed with its flight start and drawn in its PDF', async () => {
    const id = await createSelfServiceFixture(t.database.db);
    const created = await send('POST', BASE, cookies.dealer, {
      date: '2026-10-03',
      text: 'Keyword bids raised',
      campaign_id: id,
      campaign_kind: 'self_service',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ campaign_kind: 'self_service', campaign_id: id });
    const range = 'start_date=2026-10-01&end_date=2026-10-10';
    const notes = await list(cookies.dealer, `${range}&campaign_id=${id}&campaign_kind=self_service`);
    expect(notes.map((n) => [n.date, n.kind])).toEqual([
      ['2026-10-01', 'flight_start'],
      ['2026-10-03', 'user'],
    ]);
    // The same id as a managed campaign is another campaign (not the dealership's): 404.
    expect((await send('GET', `${BASE}?${range}&campaign_id=${id}`, cookies.dealer)).statusCode).toBe(404);
    const pdf = await send(
      'GET',
      `/api/agencies/1/dealership/101/campaigns/self-service/${id}/report.pdf?${range}`,
      cookies.dealer,
    );
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('1. 10/01/2026: Flight starts');
    expect(text).toContain('2. 10/03/2026: Keyword bids raised (Dealership User)');
  });
});
