import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREATIVES_PATH, SHARED_ASSETS_DIR } from '../../src/lib/shared-assets';
import sharedAssetsPlugin from '../../src/plugins/external/shared-assets';

// The demo creatives live once, in assets/demo-creatives at the repository root: the server serves
// them (the web pages show them by URL) and the PDF reads them; the web app has no copy (issue 19 §3).

const app = Fastify();
const creativesDir = path.join(SHARED_ASSETS_DIR, DEMO_CREATIVES_PATH);
beforeAll(async () => {
  await app.register(sharedAssetsPlugin);
  await app.ready();
});
afterAll(() => app.close());

describe('shared assets', () => {
  it('serves every committed demo creative under /demo-creatives/ as SVG, byte for byte', async () => {
    const files = fs.readdirSync(creativesDir).filter((file) => file.endsWith('.svg'));
    expect(files.length).toBeGreaterThan(100);
    for (const file of [files[0]!, files[files.length - 1]!]) {
      const response = await app.inject({ method: 'GET', url: `${DEMO_CREATIVES_PATH}${file}` });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.body).toBe(fs.readFileSync(path.join(creativesDir, file), 'utf8'));
    }
  });

  it('answers 404 for a missing file and serves nothing outside the folder', async () => {
    expect((await app.inject({ method: 'GET', url: '/demo-creatives/no-such-file.svg' })).statusCode).toBe(404);
    for (const url of ['/demo-creatives/../README.md', '/demo-creatives/%2e%2e/README.md', '/README.md'])
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('the web app keeps no copy of the shared assets', () => {
    const webPublic = path.join(SHARED_ASSETS_DIR, '../apps/web/public');
    expect(fs.existsSync(path.join(webPublic, 'demo-creatives'))).toBe(false);
  });
});
