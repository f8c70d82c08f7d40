import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmaBoundariesSchema, errorResponseSchema } from '@portal/contracts';
import { signedFilePath } from '../../src/lib/storage/signed-urls';
import { TEST_NOW } from '../constants';
import { build, login, TEST_SESSION_SECRET, type TestContext, authHeaders } from '../helper';
import {
  FIXTURE,
  loadReportFixtures,
  RANGE,
  RECORDING_BYTES,
  removeReportFixtures,
  tenantBase,
} from '../factories/report-fixtures';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await build();
  await loadReportFixtures(t);
  cookie = await login(t.app, 'dealer@demo.test');
});
afterAll(async () => {
  await removeReportFixtures(t);
  await t.close();
});

const now = Math.floor(TEST_NOW.getTime() / 1000);
const fetchUrl = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The signed recording URL the calls table hands out for a call with a recording. */
async function recordingUrl(): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${tenantBase()}/campaigns/search/${FIXTURE.dyd}/calls?start_date=${RANGE.start_date}&end_date=${RANGE.end_date}`,
    headers: authHeaders(cookie),
  });
  const call = response
    .json()
    .data.find((c: { recording_url: string | null }) => c.recording_url?.includes('fixture-call-1'));
  return call.recording_url as string;
}

describe('GET /api/files/* (signed URLs of the local storage)', () => {
  it('streams the recording without a session, with its content type and Accept-Ranges', async () => {
    const response = await fetchUrl(await recordingUrl());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe(String(RECORDING_BYTES.length));
    expect(Buffer.compare(response.rawPayload, RECORDING_BYTES)).toBe(0);
  });

  it('answers a Range request with 206 and exactly that slice (so an <audio> element can seek)', async () => {
    const url = await recordingUrl();
    for (const [range, start, end] of [
      ['bytes=100-199', 100, 199],
      ['bytes=5990-', 5990, 5999],
      ['bytes=-16', 5984, 5999],
      ['bytes=5000-999999', 5000, 5999],
      ['bytes=0-0', 0, 0],
    ] as const) {
      const response = await fetchUrl(url, { range });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${RECORDING_BYTES.length}`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(Buffer.compare(response.rawPayload, RECORDING_BYTES.subarray(start, end + 1)), range).toBe(0);
    }
    const outside = await fetchUrl(url, { range: 'bytes=7000-' });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${RECORDING_BYTES.length}`);
    errorResponseSchema.parse(outside.json());
    // A header that is not one byte range is ignored: the whole file.
    expect((await fetchUrl(url, { range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
  });

  it('answers 403 in the error shape for a tampered, missing or expired signature', async () => {
    const url = await recordingUrl();
    const tampered = [
      url.replace(/signature=./, (s) => (s.endsWith('A') ? 'signature=B' : 'signature=A')),
      url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 60}`),
      url.replace('fixture-call-1', 'fixture-call-2'),
      url.split('?')[0]!,
      url.replace(/&signature=.*$/, ''),
      signedFilePath('another-secret-another-secret-1234', FIXTURE.recordingKey, now + 600),
      signedFilePath(TEST_SESSION_SECRET, FIXTURE.recordingKey, now - 1),
    ];
    for (const bad of tampered) {
      const response = await fetchUrl(bad);
      expect(response.statusCode, bad).toBe(403);
      expect(errorResponseSchema.parse(response.json()).error.code).toBe('FORBIDDEN');
    }
    const expired = await fetchUrl(signedFilePath(TEST_SESSION_SECRET, FIXTURE.recordingKey, now - 1));
    expect(expired.json().error.message).toMatch(/expired/);
    // Still valid at its last second.
    expect((await fetchUrl(signedFilePath(TEST_SESSION_SECRET, FIXTURE.recordingKey, now))).statusCode).toBe(200);
  });

  it('refuses keys with .., absolute paths or backslashes even when signed', async () => {
    for (const key of [
      '../secret.txt',
      'recordings/../../etc/passwd',
      '/etc/passwd',
      'recordings\\x.mp3',
      'a//b.mp3',
      './x',
    ]) {
      // The whole key is one encoded segment so that URL normalisation cannot remove the `..`
      // before the route sees it (a raw HTTP client can send `..` as it is).
      const encoded = encodeURIComponent(key);
      const expires = now + 600;
      const signature = signedFilePath(TEST_SESSION_SECRET, key, expires).split('signature=')[1]!;
      const response = await fetchUrl(`/api/files/${encoded}?expires=${expires}&signature=${signature}`);
      expect(response.statusCode, key).toBe(400);
      // Unencoded, the dot segments are resolved before routing: never a file outside storage.
      const plain = await fetchUrl(`/api/files/${key}?expires=${expires}&signature=${signature}`);
      expect(plain.statusCode, key).toBeGreaterThanOrEqual(400);
      expect(errorResponseSchema.parse(response.json()).error.code).toBe('BAD_REQUEST');
      await expect(t.storage.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('answers 404 for a validly signed key with no file', async () => {
    const response = await fetchUrl(await t.storage.signedUrl('recordings/missing.mp3', 60));
    expect(response.statusCode).toBe(404);
    expect(await t.storage.exists('recordings/missing.mp3')).toBe(false);
    expect(await t.storage.exists(FIXTURE.recordingKey)).toBe(true);
  });
});

describe('GET /api/reference/dma-boundaries', () => {
  it('answers 401 without a session', async () => {
    expect((await fetchUrl('/api/reference/dma-boundaries')).statusCode).toBe(401);
  });

  it('answers the 210 DMA outlines with an ETag and a day of private caching; 304 on If-None-Match', async () => {
    const response = await fetchUrl('/api/reference/dma-boundaries', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const body = dmaBoundariesSchema.parse(response.json());
    expect(body.features).toHaveLength(210);
    expect(new Set(body.features.map((f) => f.properties.dma_code)).size).toBe(210);

    const again = await fetchUrl('/api/reference/dma-boundaries', { cookie, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await fetchUrl('/api/reference/dma-boundaries', { cookie, 'if-none-match': '"other"' })).statusCode).toBe(
      200,
    );

    const gzipped = await fetchUrl('/api/reference/dma-boundaries', { cookie, 'accept-encoding': 'gzip, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(response.json());
    expect(
      (await fetchUrl('/api/reference/dma-boundaries', { cookie, 'if-none-match': String(gzipped.headers.etag) }))
        .statusCode,
    ).toBe(304);
  });
});
