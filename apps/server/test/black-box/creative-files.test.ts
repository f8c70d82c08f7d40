import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal, type PortalSession } from './portal-process';

/**
 * Issue 25 item 8 against the real portal process over HTTP: the draft's creatives are answered with
 * their original file names and signed view URLs, only for keys the uploads ledger holds for the
 * dealership asked for, and the same file (same SHA-256) cannot be added twice to one draft.
 */

/** A 1×1 PNG and a 1×1 GIF (sniffed as image/png and image/gif). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PACING = 1763200000;

let portal: Portal;
let dealer: PortalSession;
let agency: PortalSession;
let org = 0;
const tenant = (dealership: number) => `/api/agencies/${org}/dealership/${dealership}`;

beforeAll(async () => {
  portal = await startPortal();
  dealer = await portal.signIn('dealer@demo.test');
  agency = await portal.signIn('agency@demo.test');
  org = dealer.user.organization_id;
}, 120_000);
afterAll(async () => {
  await portal?.stop();
});

async function call(session: PortalSession, dealership: number, method: string, url: string, json?: object) {
  const response = await session.fetch(`${tenant(dealership)}${url}`, { method, ...(json ? { json } : {}) });
  const text = await response.text();
  return { status: response.status, text, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function newDraft(session: PortalSession, dealership: number, creatives?: string) {
  return call(session, dealership, 'POST', '/campaigns', {
    pacing_id: PACING,
    product_code: 'MOB',
    is_incomplete: 1,
    ...(creatives === undefined ? {} : { creatives }),
  });
}

/** Signs an upload for Mobile Display and PUTs the bytes to the signed URL as the browser does. */
async function upload(session: PortalSession, dealership: number, fileName: string, mimeType: string, bytes: Buffer) {
  const signed = await call(session, dealership, 'POST', '/campaigns/creative/upload-url', {
    mimeType,
    fileName,
    bucket_name: 'creatives',
    product_code: 'MOB',
    fileSize: bytes.length,
  });
  expect(signed.status, signed.text).toBe(200);
  const put = await portal.fetch(signed.json.uploadUrl as string, {
    method: 'PUT',
    headers: { 'content-type': mimeType },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(204);
  return signed.json.link as string;
}

const record = (session: PortalSession, dealership: number, draftId: number, link: string) =>
  call(session, dealership, 'POST', '/campaigns/creative', {
    link_campaign_id: draftId,
    is_active: 1,
    creative_image: link,
  });

interface CreativeFileAnswer {
  link: string;
  file_name: string;
  url: string;
}

describe('creatives are answered with their original names and signed view URLs (issue 25 item 8)', () => {
  it('recording a PNG and a GIF answers both with the names as uploaded and URLs that serve the bytes', async () => {
    const draft = await newDraft(dealer, 101);
    expect(draft.status, draft.text).toBe(201);
    const draftId = draft.json.link_campaign_id as number;
    const png = await upload(dealer, 101, 'Spring-Sale_300x250.png', 'image/png', PNG);
    const gif = await upload(dealer, 101, 'Banner.GIF', 'image/gif', GIF);
    expect((await record(dealer, 101, draftId, png)).status).toBe(201);
    const recorded = await record(dealer, 101, draftId, gif);
    expect(recorded.status, recorded.text).toBe(201);

    const files = recorded.json.files as CreativeFileAnswer[];
    expect(files.map((f) => [f.link, f.file_name])).toEqual([
      [png, 'Spring-Sale_300x250.png'],
      [gif, 'Banner.GIF'],
    ]);
    for (const [file, bytes, type] of [
      [files[0]!, PNG, 'image/png'],
      [files[1]!, GIF, 'image/gif'],
    ] as const) {
      // The URL is signed: no session cookie is needed, and it serves exactly the uploaded bytes.
      const served = await portal.fetch(file.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
      // The portal's CSP lets its own pages show it.
      const page = await portal.fetch('/');
      expect(page.headers.get('content-security-policy')).toMatch(/img-src 'self'/);
      expect(page.headers.get('content-security-policy')).toMatch(/media-src 'self'/);
    }

    const listed = await call(
      dealer,
      101,
      'GET',
      `/campaigns/creative/files?links=${encodeURIComponent(`${png},${gif}`)}`,
    );
    expect(listed.status, listed.text).toBe(200);
    expect((listed.json.files as CreativeFileAnswer[]).map((f) => f.file_name)).toEqual([
      'Spring-Sale_300x250.png',
      'Banner.GIF',
    ]);
  });

  it("a view URL is given only for a key the ledger holds for the dealership asked for: never another tenant's", async () => {
    const own = await upload(dealer, 101, 'own.png', 'image/png', PNG);
    const foreign = await upload(agency, 102, 'foreign.png', 'image/png', PNG);
    const links = [own, foreign, '../../session-secret', `creatives/${org}/102/x/none.png`].join(',');

    const asDealer = await call(dealer, 101, 'GET', `/campaigns/creative/files?links=${encodeURIComponent(links)}`);
    expect(asDealer.status, asDealer.text).toBe(200);
    expect((asDealer.json.files as CreativeFileAnswer[]).map((f) => f.link)).toEqual([own]);
    expect(asDealer.text).not.toContain('foreign.png');

    // The agency acting for 102 gets its own key only, not 101's.
    const asAgency = await call(agency, 102, 'GET', `/campaigns/creative/files?links=${encodeURIComponent(links)}`);
    expect(asAgency.status, asAgency.text).toBe(200);
    expect((asAgency.json.files as CreativeFileAnswer[]).map((f) => f.link)).toEqual([foreign]);

    // The dealership user cannot ask in the name of 102 at all.
    const other = await call(dealer, 102, 'GET', `/campaigns/creative/files?links=${encodeURIComponent(foreign)}`);
    expect(other.status).toBe(404);
  });
});

describe('the same file cannot be added twice to one draft (issue 25 item 8)', () => {
  it('recording a file whose SHA-256 is already on the draft answers 409 with the message, and the draft is unchanged', async () => {
    const draft = await newDraft(dealer, 101);
    const draftId = draft.json.link_campaign_id as number;
    const first = await upload(dealer, 101, 'ad.png', 'image/png', PNG);
    const again = await upload(dealer, 101, 'ad-copy.png', 'image/png', PNG);
    expect((await record(dealer, 101, draftId, first)).status).toBe(201);

    const refused = await record(dealer, 101, draftId, again);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json).toMatchObject({ error: { message: 'This file is already added' } });

    const patched = await call(dealer, 101, 'PATCH', `/campaigns/${draftId}`, { creatives: `${first},${again}` });
    expect(patched.status, patched.text).toBe(409);
    expect(patched.text).toContain('This file is already added');

    const drafts = await call(dealer, 101, 'GET', '/campaigns/incomplete?pageSize=100');
    const saved = (drafts.json.data as Array<{ link_campaign_id: number; creatives: string | null }>).find(
      (d) => d.link_campaign_id === draftId,
    );
    expect(saved?.creatives).toBe(first);

    // Another file (a GIF) is still accepted.
    const gif = await upload(dealer, 101, 'ad.gif', 'image/gif', GIF);
    expect((await record(dealer, 101, draftId, gif)).status).toBe(201);
  });

  it('a new draft naming the same file twice is refused and not created', async () => {
    const before = await call(dealer, 101, 'GET', '/campaigns/incomplete?pageSize=100');
    const a = await upload(dealer, 101, 'same.gif', 'image/gif', GIF);
    const b = await upload(dealer, 101, 'same-again.gif', 'image/gif', GIF);
    const refused = await newDraft(dealer, 101, `${a},${b}`);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.text).toContain('This file is already added');
    const after = await call(dealer, 101, 'GET', '/campaigns/incomplete?pageSize=100');
    expect((after.json.pagination as { total: number }).total).toBe(
      (before.json.pagination as { total: number }).total,
    );
  });
});
