import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inventoryFilterFieldsSchema, vendorCampaignName } from '@portal/contracts';
import { campaignDrafts, inventoryDataProviders, inventoryVehicles } from '../../src/db/schema';
import { signedUploadPath } from '../../src/lib/storage/signed-urls';
import { TEST_NOW } from '../constants';
import { build, login, readDemoFile, TEST_SESSION_SECRET, type TestContext, authHeaders } from '../helper';

let t: TestContext;
let agency: string;
let dealer: string;
const base = '/api/agencies/1/dealership/101';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);
/** The first bytes of an MP4 (an `ftyp` box of brand isom): file-type sniffs video/mp4. */
const MP4 = Buffer.concat([
  Buffer.from('0000001866747970', 'hex'),
  Buffer.from('isom'),
  Buffer.from('00000200', 'hex'),
  Buffer.from('isomiso2'),
  Buffer.alloc(32),
]);
/** A real MP3 shipped with the project (a demo call recording). */
const MP3 = fs.readFileSync(new URL('../../seed/recordings/call-financing.mp3', import.meta.url));
const DEALERSHIP = 'EchoPark Automotive Greenville';
const PACING = 1763200000;

beforeAll(async () => {
  t = await build();
  agency = await login(t.app, 'agency@demo.test');
  dealer = await login(t.app, 'dealer@demo.test');
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = agency) =>
  t.app.inject({ method, url: `${base}${url}`, headers: authHeaders(cookie), ...(payload ? { payload } : {}) });

async function newDraft(product_code: string, extra: object = {}) {
  const response = await call('POST', '/campaigns', { pacing_id: PACING, product_code, is_incomplete: 1, ...extra });
  expect(response.statusCode).toBe(201);
  return response.json().link_campaign_id as number;
}

const nullFilters = () =>
  Object.fromEntries(
    Object.keys(inventoryFilterFieldsSchema.shape).map((k) => [
      k,
      k === 'no_price_only' || k === 'exclude_if_no_price' ? 0 : null,
    ]),
  );

async function upload(product_code: string, fileName: string, mimeType: string, bytes: Buffer) {
  const signed = await call('POST', '/campaigns/creative/upload-url', {
    mimeType,
    fileName,
    bucket_name: 'creatives',
    product_code,
    fileSize: bytes.length,
  });
  expect(signed.statusCode, signed.body).toBe(200);
  const { uploadUrl, link } = signed.json();
  const put = await t.app.inject({
    method: 'PUT',
    url: uploadUrl,
    headers: { 'content-type': mimeType },
    payload: bytes,
  });
  return { put, link: link as string, uploadUrl: uploadUrl as string };
}

describe('drafts (spec 001 §4 draft lifecycle)', () => {
  it('creates a draft, saves steps to it, lists it as incomplete and discards it', async () => {
    const id = await newDraft('DYD', { objective: 'awareness' });
    const patched = await call('PATCH', `/campaigns/${id}`, {
      link_campaign_id: id,
      data: { allowed_vehicle_states: 'New', highest_allowed_price: 30000, allowed_makes: 'Honda,Toyota' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      link_campaign_id: id,
      product_code: 'DYD',
      objective: 'awareness',
      allowed_vehicle_states: 'New',
      highest_allowed_price: 30000,
      allowed_makes: 'Honda,Toyota',
      is_incomplete: 1,
    });
    const details = await call('PATCH', `/campaigns/${id}`, {
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      zip: 'Greenville-Spartanburg-Asheville-Anderson,29601',
      campaign_display_name: 'Winter sale',
      budget: 5000,
    });
    expect(details.json()).toMatchObject({
      campaign_display_name: 'Winter sale',
      budget: 5000,
      allowed_makes: 'Honda,Toyota',
    });

    const list = await call('GET', '/campaigns/incomplete?pageIndex=0&pageSize=10');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().data[0].link_campaign_id).toBe(id);

    expect((await call('DELETE', `/campaigns/${id}/creative`)).statusCode).toBe(204);
    expect((await call('DELETE', `/campaigns/${id}`)).statusCode).toBe(204);
    const after = await call('GET', '/campaigns/incomplete');
    expect(after.json().data.map((d: { link_campaign_id: number }) => d.link_campaign_id)).not.toContain(id);
    expect((await call('PATCH', `/campaigns/${id}`, { notes: 'x' })).statusCode).toBe(404);
  });

  it("keeps the wizard's whole form (issue 25 item 2): sent with a save, answered on resume, cleared by a save without it", async () => {
    const form = {
      campaignType: 'non_inventory',
      termsAccepted: true,
      objective: 'consideration',
      pacingId: PACING,
      linkCampaignId: null,
      product: 'AUD',
      customCreatives: true,
      creatives: { AUD: [] },
      campaignName: 'Typed, not continued',
      notes: '',
      // Not valid yet (a past start): kept as typed, the flight rules judge the columns.
      startDate: '2020-01-15',
      endDate: null,
      datePreset: null,
      budget: null,
      useRecommendedBudget: true,
      locations: ['29601'],
      useCustomAudience: true,
      audiences: [{ id: 1, name: 'Past buyers', size: 1200 }],
      filters: {
        tiles: [],
        makes: { mode: 'any', allowed: [], disallowed: [] },
        models: { mode: 'any', allowed: [], disallowed: [] },
        price: { mode: 'any', lowest: null, highest: null, excludeNoPrice: false },
        mileage: { mode: 'any', lowest: null, highest: null },
        stock: { mode: 'any', allowed: [], disallowed: [] },
        age: { mode: 'any', min: null, max: null, sixtyDays: false },
      },
      kpiGoals: { primaryKpi: null, secondaryKpi: null, tertiaryKpi: null },
    };
    const id = await newDraft('AUD', { wizard_state: form });
    const listed = async () =>
      (await call('GET', '/campaigns/incomplete?pageSize=100'))
        .json()
        .data.find((d: { link_campaign_id: number }) => d.link_campaign_id === id);
    expect((await listed()).wizard_state).toEqual(form);
    const saved = await call('PATCH', `/campaigns/${id}`, {
      link_campaign_id: id,
      data: { objective: 'consideration', wizard_state: { ...form, linkCampaignId: id, campaignName: 'Later' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().wizard_state).toMatchObject({
      linkCampaignId: id,
      campaignName: 'Later',
      startDate: '2020-01-15',
    });
    // Not a form: 400, nothing stored.
    for (const wizard_state of [{ ...form, product: 'XYZ' }, { ...form, campaignName: 'x'.repeat(201) }, 'text']) {
      const refused = await call('PATCH', `/campaigns/${id}`, { wizard_state });
      expect(refused.statusCode, JSON.stringify(wizard_state).slice(0, 80)).toBe(400);
    }
    expect((await listed()).wizard_state.campaignName).toBe('Later');
    // Another client's save (no form): the columns describe the draft again.
    expect((await call('PATCH', `/campaigns/${id}`, { notes: 'from elsewhere' })).statusCode).toBe(200);
    expect((await listed()).wizard_state).toBeNull();
    expect((await call('DELETE', `/campaigns/${id}`)).statusCode).toBe(204);
  });

  it('refuses bad bodies with 400 and the one error shape', async () => {
    for (const body of [
      { pacing_id: PACING, product_code: 'dyd', is_incomplete: 1 },
      { pacing_id: PACING, product_code: 'XYZ', is_incomplete: 1 },
      { pacing_id: PACING, product_code: 'DYD', is_incomplete: 0 },
      { product_code: 'DYD', is_incomplete: 1 },
    ]) {
      const response = await call('POST', '/campaigns', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code, JSON.stringify(body)).toBe('VALIDATION_FAILED');
    }
    const id = await newDraft('VLA');
    for (const body of [
      { objective: 'fame' },
      { allowed_vehicle_states: 'New,Old' },
      { start_date: '2026-02-30' },
      { unknown_field: 1 },
      { link_campaign_id: id + 1, data: { notes: 'x' } },
    ]) {
      const response = await call('PATCH', `/campaigns/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    // Out-of-range values are the flight rules' (422 at the field; campaign-flight-rules.test.ts).
    expect((await call('PATCH', `/campaigns/${id}`, { budget: -5 })).statusCode).toBe(422);
  });

  it("another dealership's draft is 404 and is not deleted", async () => {
    const id = await newDraft('INV');
    const other = '/api/agencies/1/dealership/102';
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `${other}/campaigns/${id}`,
      headers: authHeaders(agency),
      payload: { notes: 'x' },
    });
    expect(patch.statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: `${other}/campaigns/${id}`, headers: authHeaders(agency) });
    const [row] = await t.database.db.select().from(campaignDrafts).where(eq(campaignDrafts.id, id));
    expect(row?.isIncomplete).toBe(1);
    const list = await t.app.inject({
      method: 'GET',
      url: `${other}/campaigns/incomplete`,
      headers: authHeaders(agency),
    });
    expect(list.json().data.map((d: { link_campaign_id: number }) => d.link_campaign_id)).not.toContain(id);
  });
});

describe('creatives (spec 001 §5, §7)', () => {
  it('signs, uploads and records a creative under a random key of its organization and dealership', async () => {
    const id = await newDraft('MOB');
    const { put, link } = await upload('MOB', 'banner-300x250.png', 'image/png', PNG);
    expect(put.statusCode, put.body).toBe(204);
    expect(link).toMatch(/^creatives\/1\/101\/[0-9a-f-]{36}\/banner-300x250\.png$/);
    // The same file name signed again gets another key (random, not derived from user and name).
    expect((await upload('MOB', 'banner-300x250.png', 'image/png', PNG)).link).not.toBe(link);
    expect(await t.storage.exists(link)).toBe(true);
    const recorded = await call('POST', '/campaigns/creative', {
      link_campaign_id: id,
      is_active: 1,
      creative_image: link,
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json().creatives).toBe(link);
    // Discarding the creative removes the record and the file.
    expect((await call('DELETE', `/campaigns/${id}/creative`)).statusCode).toBe(204);
    expect(await t.storage.exists(link)).toBe(false);
  });

  it('refuses spaces, wrong types and sizes over the limit when signing', async () => {
    const sign = (body: object) =>
      call('POST', '/campaigns/creative/upload-url', { bucket_name: 'creatives', ...body });
    const cases: Array<[object, string]> = [
      [{ mimeType: 'image/png', fileName: 'my banner.png', product_code: 'MOB' }, 'Remove spaces from file name'],
      [
        { mimeType: 'image/svg+xml', fileName: 'banner.svg', product_code: 'MOB' },
        'Please see below for accepted file types',
      ],
      [
        { mimeType: 'text/html', fileName: 'spot.html', product_code: 'VID' },
        'Please see below for accepted file types',
      ],
      [
        { mimeType: 'text/html', fileName: 'spot.mp4', product_code: 'OTT' },
        'Please see below for accepted file types',
      ],
      [
        { mimeType: 'video/mp4', fileName: 'spot.mp4', product_code: 'AUD' },
        'Please see below for accepted file types',
      ],
      [
        { mimeType: 'image/png', fileName: 'big.png', product_code: 'MOB', fileSize: 1024 * 1024 + 1 },
        'File size must not exceed 1MB',
      ],
      [
        { mimeType: 'video/mp4', fileName: 'big.mp4', product_code: 'VID', fileSize: 100 * 1024 * 1024 + 1 },
        'File size must not exceed 100MB',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await sign(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await sign({ mimeType: 'video/mp4', fileName: 'spot.mp4', product_code: 'OTT' })).statusCode).toBe(200);
    expect(
      (await sign({ mimeType: 'image/png', fileName: 'a.png', product_code: 'MOB', bucket_name: 'other' })).statusCode,
    ).toBe(400);
  });

  it('the upload URL is bound to its content type, size limit, signature and expiry', async () => {
    const signed = await call('POST', '/campaigns/creative/upload-url', {
      mimeType: 'image/png',
      fileName: 'bound.png',
      bucket_name: 'creatives',
      product_code: 'MOB',
    });
    const url: string = signed.json().uploadUrl;
    const put = (u: string, type: string, payload: Buffer) =>
      t.app.inject({ method: 'PUT', url: u, headers: { 'content-type': type }, payload });
    // Another content type than the signed one.
    expect((await put(url, 'image/jpeg', PNG)).statusCode).toBe(415);
    // Bytes that are not a PNG (sniffed).
    const fake = await put(url, 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe('Please see below for accepted file types');
    // Over the 1 MB limit of mob.
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const tooBig = await put(url, 'image/png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('File size must not exceed 1MB');
    // A tampered limit or key breaks the signature.
    expect((await put(url.replace('maxBytes=1048576', 'maxBytes=104857600'), 'image/png', PNG)).statusCode).toBe(403);
    expect((await put(url.replace('/bound.png', '/bound2.png'), 'image/png', PNG)).statusCode).toBe(403);
    expect((await put(url.replace(/signature=[^&]+/, ''), 'image/png', PNG)).statusCode).toBe(403);
    // Expired (15 minutes).
    const expired = url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) - 3600}`);
    expect((await put(expired, 'image/png', PNG)).statusCode).toBe(403);
    expect((await put(url, 'image/png', PNG)).statusCode).toBe(204);
    // One PUT per signed URL: the file cannot be swapped after it was checked.
    expect((await put(url, 'image/png', PNG)).statusCode).toBe(409);
  });

  it('writes nothing outside the storage root, even for a validly signed key with path segments', async () => {
    const expires = Math.floor(TEST_NOW.getTime() / 1000) + 600;
    const name = `escape-${Date.now()}.png`;
    const keys = [
      `../${name}`,
      `link/../../${name}`,
      `link/../../../../tmp/${name}`,
      `/tmp/${name}`,
      `link\\..\\..\\${name}`,
    ];
    for (const key of keys) {
      const url = signedUploadPath(TEST_SESSION_SECRET, key, 'image/png', 1024 * 1024, expires);
      const response = await t.app.inject({
        method: 'PUT',
        url,
        headers: { 'content-type': 'image/png' },
        payload: PNG,
      });
      expect(response.statusCode, `${key}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    // Not in the storage root's parent, nor in /tmp, nor anywhere the keys could resolve to.
    const candidates = [
      path.dirname(t.storageDir),
      t.storageDir,
      '/tmp',
      path.resolve(t.storageDir, 'link', '..', '..'),
    ];
    for (const folder of candidates) expect(fs.existsSync(path.join(folder, name)), folder).toBe(false);
    expect(fs.readdirSync(t.storageDir, { recursive: true }).filter((f) => String(f).includes(name))).toEqual([]);
  });

  it('stops reading a streamed upload without Content-Length at the signed size limit (413, nothing stored)', async () => {
    const signed = await call('POST', '/campaigns/creative/upload-url', {
      mimeType: 'image/png',
      fileName: 'streamed.png',
      bucket_name: 'creatives',
      product_code: 'MOB',
    });
    const url: string = signed.json().uploadUrl;
    const chunks = [PNG, ...Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024))];
    // Over a real socket with chunked encoding (no Content-Length), as a browser streams: the server
    // answers 413 and stops reading, so the client may see its socket closed after the answer
    // (inject's in-memory stream reports that as an abort instead of the answer).
    // The answer closes the connection, whose request was left half read (before, the socket stayed
    // open until the server's timeout: closing the app waited 72 s for it).
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const request = http.request(`${address}${url}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' },
      });
      request.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
      });
      request.on('error', reject);
      Readable.from(chunks)
        .on('error', () => undefined)
        .pipe(request)
        .on('error', () => undefined);
    });
    expect(answer).toEqual({ status: 413, connection: 'close' });
    const key = decodeURIComponent(new URL(url, 'http://x').pathname.replace('/api/uploads/', ''));
    expect(await t.storage.exists(key)).toBe(false);
  });

  it('records at most the slots of the product and only uploaded files', async () => {
    const id = await newDraft('OTT');
    const missing = await call('POST', '/campaigns/creative', {
      link_campaign_id: id,
      is_active: 1,
      creative_image: 'creatives/link/never-uploaded.mp4',
    });
    expect(missing.statusCode).toBe(400);
    const outside = await call('POST', '/campaigns/creative', {
      link_campaign_id: id,
      is_active: 1,
      creative_image: 'recordings/x.mp3',
    });
    expect(outside.statusCode).toBe(400);
    const first = await upload('OTT', 'spot-1.mp4', 'video/mp4', MP4);
    const second = await upload('OTT', 'spot-2.mp4', 'video/mp4', MP4);
    expect(first.put.statusCode).toBe(204);
    expect(
      (await call('POST', '/campaigns/creative', { link_campaign_id: id, is_active: 1, creative_image: first.link }))
        .statusCode,
    ).toBe(201);
    const full = await call('POST', '/campaigns/creative', {
      link_campaign_id: id,
      is_active: 1,
      creative_image: second.link,
    });
    expect(full.statusCode).toBe(400);
    expect(full.json().error.message).toBe('This product takes at most 1 creatives');
    const audio = await upload('AUD', 'spot.mp3', 'audio/mpeg', MP3);
    expect(audio.put.statusCode, audio.put.body).toBe(204);
  });

  it('checks a stored file again when it is recorded: a file changed behind the signed URL is refused and kept', async () => {
    const id = await newDraft('MOB');
    const record = (link: string) =>
      call('POST', '/campaigns/creative', { link_campaign_id: id, is_active: 1, creative_image: link });
    // As with S3, whose presigned PUT bounds neither size nor content: the stored bytes are replaced.
    const tooBig = await upload('MOB', 'too-big.png', 'image/png', PNG);
    await t.storage.put(tooBig.link, Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    const big = await record(tooBig.link);
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toBe('File size must not exceed 1MB');
    // Nothing is deleted by a check (issue 18 item 2).
    expect(await t.storage.exists(tooBig.link)).toBe(true);
    const notPng = await upload('MOB', 'not-png.png', 'image/png', PNG);
    await t.storage.put(notPng.link, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const wrong = await record(notPng.link);
    expect(wrong.json().error.message).toBe('Please see below for accepted file types');
    expect(await t.storage.exists(notPng.link)).toBe(true);
    // Only a PNG signature, truncated: not recognised (400), never a server error.
    const truncated = await upload('MOB', 'truncated.png', 'image/png', PNG);
    await t.storage.put(truncated.link, Buffer.from('89504e470d0a1a0a', 'hex'));
    expect((await record(truncated.link)).statusCode).toBe(400);
    // A file placed in storage without a signed URL is not in the ledger: "not uploaded", and kept.
    const placed = 'creatives/1/101/placed/banner.png';
    await t.storage.put(placed, PNG);
    const unknown = await record(placed);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('The file has not been uploaded');
    expect(await t.storage.exists(placed)).toBe(true);
    const draftWithIt = await call('POST', '/campaigns', {
      pacing_id: PACING,
      product_code: 'MOB',
      is_incomplete: 1,
      creatives: 'creatives/link/never-uploaded.png',
    });
    expect(draftWithIt.statusCode).toBe(400);
  });

  it('lists 10,000 vehicles in one page quickly', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      dealershipId: 108,
      vin: `PERF${String(i).padStart(13, '0')}`,
      year: 2020 + (i % 5),
      make: 'Ford',
      model: `Model ${i % 40}`,
      vehicleState: i % 3 === 0 ? 'New' : 'Used',
      price: 15000 + (i % 300) * 100,
      imageUrl: `https://img.example/${i}.jpg`,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await t.database.db.insert(inventoryVehicles).values(rows.slice(i, i + 1000));
    const started = performance.now();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dealership/108/inventory/vehicles?pageIndex=0&pageSize=99999',
      headers: authHeaders(agency),
    });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.json().data.length).toBeGreaterThanOrEqual(10_000);
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('creation (spec 001 §7)', () => {
  const details = {
    notes: 'Focus on trucks',
    budget: 5000,
    zip: 'Greenville-Spartanburg-Asheville-Anderson',
    pacing_id: PACING,
    start_date: '2026-12-01',
    end_date: '2026-12-31',
  };

  it('creates an inventory campaign once, finalises the draft and lists it as pending', async () => {
    const id = await newDraft('DYD', { objective: 'conversion' });
    const body = {
      ...details,
      ...nullFilters(),
      highest_allowed_price: 30000,
      link_campaign_id: id,
      campaign_display_name: 'Trucks under 30k',
      vendor_campaign_name: vendorCampaignName(DEALERSHIP, 'Trucks under 30k', 'DYD', PACING),
      product: 'Dynamic Inventory Display',
      product_code: 'DYD',
      is_active: 1,
      allowed_vehicle_states: 'Used,Certified used',
      inventory_data_providers: 'Cars.com',
      inventory_data_provider_clients: '101',
    };
    const [first, second] = await Promise.all([
      call('POST', '/campaigns/create-inventory-campaign', body),
      call('POST', '/campaigns/create-inventory-campaign', body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().client_campaign_id).toBe(second.json().client_campaign_id);
    const campaignId = first.json().client_campaign_id as number;
    // A client that lost the answer and sends the same request again gets the same campaign.
    const retried = await call('POST', '/campaigns/create-inventory-campaign', body);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().client_campaign_id).toBe(campaignId);
    expect(first.json()).toMatchObject({
      campaign_status: 'pending',
      vendor_campaign_name: 'EchoPark Automotive Greenville - Trucks under 30k [DYD1763200000]',
    });

    const list = await t.app.inject({
      method: 'GET',
      url: `${base}/campaigns?startDate=2026-11-01&endDate=2026-11-14&pageSize=1000&filters=${encodeURIComponent(JSON.stringify([{ id: 'client_campaign_display_name', value: 'Trucks under 30k' }]))}`,
      headers: authHeaders(dealer),
    });
    const rows = list.json().data.filter((c: { client_campaign_id: number }) => c.client_campaign_id === campaignId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ campaign_status: 'pending', product_code: 'DYD', budget: 5000 });

    const [draft] = await t.database.db.select().from(campaignDrafts).where(eq(campaignDrafts.id, id));
    expect(draft).toMatchObject({ isIncomplete: 0, notes: 'Focus on trucks', managedCampaignId: campaignId });
    expect(draft!.filters).toMatchObject({ highest_allowed_price: 30000 });
    const incomplete = await call('GET', '/campaigns/incomplete?pageSize=100');
    expect(incomplete.json().data.map((d: { link_campaign_id: number }) => d.link_campaign_id)).not.toContain(id);
    // A finalised draft can no longer be edited or discarded.
    expect((await call('PATCH', `/campaigns/${id}`, { notes: 'late' })).statusCode).toBe(404);
    await call('DELETE', `/campaigns/${id}`);
    expect((await t.database.db.select().from(campaignDrafts).where(eq(campaignDrafts.id, id))).length).toBe(1);
  });

  it('validates the creation bodies', async () => {
    const id = await newDraft('MOB');
    const good = {
      ...details,
      link_campaign_id: id,
      campaign_display_name: 'Audio push',
      vendor_campaign_name: vendorCampaignName(DEALERSHIP, 'Audio push', 'MOB', PACING),
      campaign_type: 'Non Inventory Campaign',
      objective: 'awareness',
      audience: ['Service customers - last 12 months (5000)'],
      primary_kpi: null,
      secondary_kpi: null,
      tertiary_kpi: null,
      product: 'Mobile Display',
      product_code: 'MOB',
      creatives: '',
    };
    const bad: Array<[object, number]> = [
      [{ vendor_campaign_name: 'Audio push' }, 400],
      [{ end_date: '2026-11-30' }, 422],
      [{ audience: [] }, 400],
      [{ objective: undefined }, 400],
      [{ budget: 0 }, 422],
      [{ zip: '' }, 400],
      [{ campaign_type: 'Inventory' }, 400],
      [{ creatives: 'creatives/link/not-on-this-draft.png' }, 400],
      [{ product_code: 'AUD', vendor_campaign_name: vendorCampaignName(DEALERSHIP, 'Audio push', 'AUD', PACING) }, 400],
      [{ link_campaign_id: 999999 }, 404],
    ];
    for (const [change, status] of bad) {
      const response = await call('POST', '/campaigns/create-noninventory-campaign', { ...good, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
    }
    const inventoryOnDraft = await call('POST', '/campaigns/create-inventory-campaign', {
      ...details,
      ...nullFilters(),
      link_campaign_id: id,
      campaign_display_name: 'X',
      vendor_campaign_name: vendorCampaignName(DEALERSHIP, 'X', 'VLA', PACING),
      product: 'Google Vehicle Ads',
      product_code: 'VLA',
      is_active: 1,
      allowed_vehicle_states: 'New',
      inventory_data_providers: '',
      inventory_data_provider_clients: '',
    });
    expect(inventoryOnDraft.statusCode).toBe(400);
    const created = await call('POST', '/campaigns/create-noninventory-campaign', good);
    expect(created.statusCode, created.body).toBe(201);
  });
});

describe('inventory and audiences', () => {
  it('lists the whole inventory with page size 99999 and summarises it', async () => {
    const expected = readDemoFile('inventory_vehicles').filter((v) => v.dealership_id === '101');
    const response = await call('GET', '/inventory/vehicles?pageIndex=0&pageSize=99999', undefined, dealer);
    expect(response.statusCode).toBe(200);
    expect(response.json().pagination.total).toBe(expected.length);
    expect(response.json().data).toHaveLength(expected.length);
    const vehicle = response.json().data[0];
    const source = expected.find((v) => v.vin === vehicle.vin_number)!;
    expect(vehicle).toMatchObject({ year: Number(source.year), raw_make: source.make, raw_model: source.model });
    expect(vehicle.vehicle_state_id).toBe(source.vehicle_state === 'New' ? 1 : source.vehicle_state === 'Used' ? 2 : 3);
    const summary = (await call('GET', '/inventory/summary', undefined, dealer)).json();
    const fresh = expected.filter((v) => v.vehicle_state === 'New').length;
    expect(summary).toMatchObject({
      totalVehicles: expected.length,
      newVehicles: fresh,
      usedVehicles: expected.length - fresh,
    });
    expect((await call('GET', '/inventory/vehicles?pageSize=100000')).statusCode).toBe(400);
  });

  it('names the inventory data providers from the database (spec 001 §7 GET /admin/inventory_data_providers)', async () => {
    const providers = (query: string, cookie = dealer) =>
      t.app.inject({ method: 'GET', url: `/api/admin/inventory_data_providers${query}`, headers: authHeaders(cookie) });
    const summary = (await call('GET', '/inventory/summary', undefined, dealer)).json();
    const ids = summary.inventoryDataProviders.inventory_data_provider_ids as number[];
    expect(ids).toHaveLength(1);
    const named = await providers(`?inventory_data_provider_id=${ids.join(',')}`);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toEqual({
      data: [{ inventory_data_provider_id: ids[0], name: 'Cars.com' }],
      pagination: { total: 1 },
    });

    // A provider the dealership's vehicles do not come from: listed, filtered, paged, not in the summary.
    const [other] = await t.database.db
      .insert(inventoryDataProviders)
      .values({ name: 'Homenet test feed' })
      .returning({ id: inventoryDataProviders.id });
    const all = (await providers('?pageIndex=0&pageSize=10')).json();
    expect(all.pagination.total).toBe(2);
    expect(all.data.map((p: { name: string }) => p.name)).toEqual(['Cars.com', 'Homenet test feed']);
    expect((await providers('?pageIndex=1&pageSize=1')).json().data).toEqual([
      { inventory_data_provider_id: other!.id, name: 'Homenet test feed' },
    ]);
    expect((await providers(`?inventory_data_provider_id=${other!.id}`)).json().pagination.total).toBe(1);
    expect((await call('GET', '/inventory/summary', undefined, dealer)).json().inventoryDataProviders).toEqual({
      inventory_data_provider_ids: ids,
    });

    for (const query of ['?inventory_data_provider_id=abc', '?inventory_data_provider_id=1,', '?pageSize=0']) {
      const bad = await providers(query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await providers('', '')).statusCode).toBe(401);
  });

  it('upserts a CSV inventory feed and refuses a bad one', async () => {
    const feed = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/agencies/1/dealership/103/inventory/feed',
        headers: { ...authHeaders(agency), 'content-type': 'text/csv' },
        payload: body,
      });
    const before = (
      await t.app.inject({
        method: 'GET',
        url: '/api/agencies/1/dealership/103/inventory/summary',
        headers: authHeaders(agency),
      })
    ).json();
    const ok = await feed(
      'vin,year,make,model,vehicle_state,price,mileage,image_url\n1HGCM82633A004352,2025,Honda,Accord,New,"$31,500",12,https://img.example/a.jpg\n2T1BURHE0JC000001,2020,Toyota,Corolla,Certified used,18000,40211,\n',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    // A feed is the full lot (issue 22 §1): the vehicles it does not name are gone today.
    expect(ok.json()).toEqual({ inserted: 2, updated: 0, totalVehicles: 2 });
    expect(before.totalVehicles).toBeGreaterThan(2);
    const again = await feed(
      'vin,year,make,model,vehicle_state,price\n1HGCM82633A004352,2025,Honda,Accord,New,30000\n',
    );
    expect(again.json()).toMatchObject({ inserted: 0, updated: 1 });
    const [row] = await t.database.db
      .select()
      .from(inventoryVehicles)
      .where(eq(inventoryVehicles.vin, '1HGCM82633A004352'));
    expect(row?.price).toBe(30000);
    for (const [body, message] of [
      ['vin,year,make,model\n1HGCM82633A004352,2025,Honda,Accord\n', 'Missing columns: vehicle_state'],
      ['vin,year,make,model,vehicle_state\nNOTAVIN,2025,Honda,Accord,New\n', 'Line 2: vin is not a VIN'],
      [
        'vin,year,make,model,vehicle_state\n1HGCM82633A004352,2025,Honda,Accord,Demo\n',
        'Line 2: vehicle_state must be New, Used, Certified used',
      ],
    ] as const) {
      const response = await feed(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('serves the seeded audiences and one audience; another dealership’s audience is 404', async () => {
    const list = await call('GET', '/audiences', undefined, dealer);
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.length).toBeGreaterThan(0);
    expect(Object.keys(data[0].mappedAudiences).sort()).toEqual([
      'amazon',
      'basis',
      'facebook',
      'google',
      'mailchimp',
      'tradedesk',
    ]);
    const one = await call('GET', `/audiences/${data[0]._id}`, undefined, dealer);
    expect(one.json()).toEqual(data[0]);
    const other = (
      await t.app.inject({
        method: 'GET',
        url: '/api/agencies/1/dealership/102/audiences',
        headers: authHeaders(agency),
      })
    ).json().data[0];
    expect((await call('GET', `/audiences/${other._id}`)).statusCode).toBe(404);
  });

  it('serves the 210 media markets and the ZIP table', async () => {
    const markets = await t.app.inject({
      method: 'GET',
      url: '/api/reference/media-markets',
      headers: authHeaders(dealer),
    });
    expect(markets.json().data).toHaveLength(readDemoFile('dmas').length);
    expect(markets.json().data[0]).toMatchObject({ rank: 1 });
    const zips = await t.app.inject({ method: 'GET', url: '/api/reference/zip-dmas', headers: authHeaders(dealer) });
    const table = zips.json();
    const sample = readDemoFile('zip_dmas')[0]!;
    const market = readDemoFile('dmas').find((d) => d.dma_code === sample.dma_code);
    expect(table[sample.zip_code!]).toBe(market ? market.name : sample.dma_description);
    expect(Object.keys(table)).toHaveLength(readDemoFile('zip_dmas').length);
  });
});
